import { ThunderboltOutlined } from '@ant-design/icons';
import type { Connection, WarmIntroResponse, WarmPathView } from '@warmpath/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../lib/session/auth-context';
import { useToast } from '../../lib/toast/use-toast';
import { buildWarmIntroRequest } from './build-intro-request';
import { useGenerateWarmIntroMutation } from './warm-intro.api';
import { GeneratingOverlay, IntroErrorModal, IntroResultModal } from './warm-intro-modals';

interface Props {
  target: Connection;
  path: WarmPathView | undefined;
  ownNode: Connection | null;
}

/** 'Generate warm intro' (product-spec §4): idle, a generating overlay, then a result or an error modal (§8 texts). */
export function WarmIntroButton({ target, path, ownNode }: Props) {
  const { user } = useAuth();
  const toast = useToast();
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
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.intro);
      toast({
        title: 'Copied to clipboard',
        description: 'The introduction has been copied to your clipboard.',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the text and copy it by hand.',
        variant: 'destructive',
      });
    }
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
