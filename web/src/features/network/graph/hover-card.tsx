import type { Connection } from '@warmpath/contracts';
import { fullName, initials } from '@warmpath/domain';
import { Avatar, Card, Flex, Typography } from 'antd';
import type { Ref } from 'react';
import { connectionLabel, roleLine } from '../connection-format';

interface Props {
  person: Connection | null;
  /** How many other people in your network work at the same company. */
  colleagues: number;
}

function CompanyLine({ person, colleagues }: Props) {
  if (!person || person.isUser || !person.company?.trim()) return null;
  const text =
    colleagues === 1
      ? '1 other connection works here'
      : `${colleagues.toLocaleString()} other connections work here`;
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}

/**
 * The hover card of product-spec §2 with real numbers (DECISIONS.md). It is always mounted and
 * placed by its parent through the ref, so moving it never re-renders React.
 */
export function HoverCard({ person, colleagues, ref }: Props & { ref: Ref<HTMLDivElement> }) {
  const teammates = person ? Math.max(0, person.knownBy.length - 1) : 0;
  return (
    <div
      ref={ref}
      role="tooltip"
      aria-hidden={!person}
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        pointerEvents: 'none',
        zIndex: 5,
        display: person ? 'block' : 'none',
      }}
    >
      {person && (
        <Card size="small" style={{ width: 260 }}>
          <Flex gap={10} align="start">
            <Avatar src={person.avatarUrl ?? undefined} alt="">
              {initials(person)}
            </Avatar>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Text strong>
                {person.isUser ? 'You' : fullName(person) || 'Unnamed'}
              </Typography.Text>
              {roleLine(person) && <Typography.Text>{roleLine(person)}</Typography.Text>}
              <Typography.Text type="secondary">{connectionLabel(person)}</Typography.Text>
              <CompanyLine person={person} colleagues={colleagues} />
              {teammates > 0 && (
                <Typography.Text type="secondary">
                  Also known by {teammates} teammate{teammates === 1 ? '' : 's'}
                </Typography.Text>
              )}
              {!person.isUser && (
                <Typography.Text type="secondary" italic>
                  Click for more details
                </Typography.Text>
              )}
            </Flex>
          </Flex>
        </Card>
      )}
    </div>
  );
}
