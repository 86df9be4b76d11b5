import { CopyOutlined } from '@ant-design/icons';
import type { WarmIntroResponse } from '@warmpath/contracts';
import { Button, Modal, Result, Spin, Typography } from 'antd';

/** docs/product.md#constants: the warm-intro modal is at most 80% of the viewport high. */
const BODY_STYLE = { maxHeight: '80vh', overflowY: 'auto' as const };

export function GeneratingOverlay({ open }: { open: boolean }) {
  return (
    <Modal open={open} closable={false} footer={null} centered width={360} mask={{ closable: false }}>
      <div role="status" style={{ textAlign: 'center', padding: 16 }}>
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          Generating warm introduction...
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

function providerNote(result: WarmIntroResponse): string {
  return result.provider === 'openai'
    ? `Written by an AI model${result.model ? ` (${result.model})` : ''}.`
    : 'Written by the built-in writer (no AI model is configured).';
}

export function IntroResultModal({
  result,
  onCopy,
  onClose,
}: {
  result: WarmIntroResponse | null;
  onCopy: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Warm introduction"
      open={result !== null}
      onCancel={onClose}
      styles={{ body: BODY_STYLE }}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="copy" type="primary" icon={<CopyOutlined />} onClick={onCopy}>
          Copy
        </Button>,
      ]}
    >
      {result && (
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="warm-intro-text">
            {result.intro}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{providerNote(result)}</Typography.Text>
        </>
      )}
    </Modal>
  );
}

export function IntroErrorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      styles={{ body: BODY_STYLE }}
    >
      <Result
        status="error"
        title="Warm introduction unavailable"
        subTitle="Unable to generate a warm introduction at this time. Please try again later."
      />
    </Modal>
  );
}
