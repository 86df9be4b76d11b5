import { ThunderboltOutlined } from '@ant-design/icons';
import type { Connection, WarmIntroResponse, WarmPathView } from '@warmpath/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../lib/session/auth-context';
import { useCopyText } from '../../lib/clipboard/use-copy-text';
import { useToast } from '../../lib/toast/use-toast';
import { buildWarmIntroRequest } from './build-intro-request';
import { useGenerateWarmIntroMutation } from './warm-intro.api';
import { GeneratingOverlay, IntroErrorModal, IntroResultModal } from './warm-intro-modals';

interface Props {
  target: Connection;
  path: WarmPathView | undefined;
  ownNode: Connection | null;
}

/**
 * 'Generate warm intro' (docs/product.md#warm-introductions): idle, a generating overlay, then a
 * result or an error modal (texts of docs/product.md#warm-introductions).
 */
export function WarmIntroButton({ target, path, ownNode }: Props) {
  const { user } = useAuth();
  const toast = useToast();
  const copyText = useCopyText();
  const [generate, { isLoading }] = useGenerateWarmIntroMutation();
  const [result, setResult] = useState<WarmIntroResponse | null>(null);
  const [hasFailed, setFailed] = useState(false);

  const run = async () => {
    try {
      setResult(await generate(buildWarmIntroRequest(target, path, user ?? null, ownNode)).unwrap());
      toast({
        title: 'Warm introduction generated!',
        description: 'Your personalized introduction is ready to use.',
        variant: 'success',
      });
    } catch {
      setFailed(true);
      toast({ title: 'Error', description: 'Failed to generate warm introduction.', variant: 'destructive' });
    }
  };

  const copy = async () => {
    if (result) await copyText(result.intro);
  };

  return (
    <>
      <Button
        type="primary"
        icon={<ThunderboltOutlined />}
        loading={isLoading}
        onClick={() => void run()}
        block
      >
        Generate warm intro
      </Button>
      <GeneratingOverlay open={isLoading} />
      <IntroResultModal result={result} onCopy={() => void copy()} onClose={() => setResult(null)} />
      <IntroErrorModal open={hasFailed} onClose={() => setFailed(false)} />
    </>
  );
}
