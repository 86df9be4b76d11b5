import type { Connection } from '@warmpath/contracts';
import { fullName, initials } from '@warmpath/domain';
import { Avatar, Card, Flex, Typography } from 'antd';
import type { Ref } from 'react';
import { connectionLabel, roleLine } from '../connection-format';

interface Props {
  person: Connection | null;
  /** How many other people in your network work at the same company. */
  colleagues: number;
  /** Your user id: the teammates who know a person are everyone in `knownBy` but you. */
  viewerId?: number | null;
}

/**
 * Real "known by N teammates" (docs/product.md#pooled-networks). Without your id (a network built
 * by hand) the first in `knownBy` is taken as you, as in your own network where it is only ever
 * you.
 */
export function teammatesWhoKnow(person: Connection, viewerId: number | null): number {
  if (person.isUser || person.isTeammate) return 0;
  if (viewerId === null) return Math.max(0, person.knownBy.length - 1);
  return person.knownBy.reduce((count, userId) => (userId === viewerId ? count : count + 1), 0);
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
 * The hover card of docs/product.md#graph-and-table with real numbers
 * (docs/product.md#real-data-instead-of-placeholders). It is always mounted and placed by its
 * parent through the ref, so moving it never re-renders React.
 */
export function HoverCard({ person, colleagues, viewerId, ref }: Props & { ref: Ref<HTMLDivElement> }) {
  const teammates = person ? teammatesWhoKnow(person, viewerId ?? null) : 0;
  const isKnownByYou = viewerId === undefined || viewerId === null || !!person?.knownBy.includes(viewerId);
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
                  {isKnownByYou ? 'Also known' : 'Known'} by {teammates} teammate{teammates === 1 ? '' : 's'}
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
