import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useToast } from '../../lib/toast/use-toast';

/** A read-only value with a copy button (the share view's link and code, product-spec §2). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the value stays selectable.
      toast({
        title: 'Error',
        description: 'Could not copy: select the text and copy it.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={value} aria-label={label} onFocus={(e) => e.target.select()} />
      <Button icon={<CopyOutlined />} aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()}>
        Copy
      </Button>
    </Space.Compact>
  );
}
