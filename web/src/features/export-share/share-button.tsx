import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useToast } from '../../lib/toast/use-toast';

/**
 * Share (DECISIONS.md): the address bar already holds the whole view (route, filters, mode,
 * layout, open person), so sharing copies it. Where the clipboard is not available (a page served
 * over plain HTTP), the link is shown to copy by hand.
 */
export function ShareButton() {
  const toast = useToast();
  const [manualLink, setManualLink] = useState<string | null>(null);
  const share = async () => {
    const link = window.location.href;
    try {
      await navigator.clipboard.writeText(link);
      toast({
        title: 'Copied to clipboard',
        description: 'A link to this view has been copied to your clipboard.',
        variant: 'success',
      });
    } catch {
      setManualLink(link);
    }
  };
  return (
    <>
      <Button size="small" icon={<ShareAltOutlined />} onClick={() => void share()}>
        Share
      </Button>
      <Modal
        title="Share this view"
        open={manualLink !== null}
        onCancel={() => setManualLink(null)}
        footer={null}
      >
        <Typography.Paragraph>
          Copy this link to open the same view later or on another device:
        </Typography.Paragraph>
        <Input
          readOnly
          value={manualLink ?? ''}
          aria-label="Link to this view"
          onFocus={(event) => event.target.select()}
        />
      </Modal>
    </>
  );
}
