import type { IntroRequestView } from '@warmpath/contracts';
import { Flex, Typography } from 'antd';
import { formatWhen, mailText, timelineText } from './intro-format';

/** Each change of state: who, when, the note it carries, and (for its sender) whether its mail went out. */
export function IntroTimeline({ request }: { request: IntroRequestView }) {
  return (
    <Flex vertical gap={10} role="list" aria-label="Timeline">
      {request.timeline.map((entry, index) => (
        <Flex key={`${entry.state}-${index}`} vertical role="listitem" gap={2}>
          <Typography.Text>{timelineText(entry, request)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatWhen(entry.at)}
            {entry.note ? ` · ${entry.note}` : ''}
          </Typography.Text>
          {entry.mail && (
            <Typography.Text
              type={entry.mail.status === 'failed' ? 'danger' : 'secondary'}
              style={{ fontSize: 12 }}
            >
              {mailText(entry.mail.status, entry.mail.error)}
            </Typography.Text>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
