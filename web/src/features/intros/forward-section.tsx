import { CopyOutlined, MailOutlined } from '@ant-design/icons';
import type { IntroRequestView } from '@warmpath/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useCopyText } from '../../lib/clipboard/use-copy-text';
import { forwardMailto, forwardText } from './forward-text';

/** After accepting: the message to forward to the target, to copy or to open in a mail app. */
export function ForwardSection({ request }: { request: IntroRequestView }) {
  const copy = useCopyText();
  const text = forwardText(request);
  return (
    <Card size="small" title="Forward the introduction" role="region" aria-label="Forward the introduction">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Send this to {request.target.name} from your own mail, then mark the introduction made.
        </Typography.Text>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="forward-draft">
          {text}
        </Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copy(text)}>
            Copy draft
          </Button>
          <Button icon={<MailOutlined />} href={forwardMailto(request)}>
            Open in your mail app
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
