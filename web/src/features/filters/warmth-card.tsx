import type { Connection } from '@warmpath/contracts';
import { fullName, goingCold, topTalkers } from '@warmpath/domain';
import { Button, Flex, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { formatDate } from '../network';

/** People each list shows. */
export const WARMTH_CARD_SIZE = 5;

function PersonButton({ person, onSelect }: { person: Connection; onSelect: (person: Connection) => void }) {
  return (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onSelect(person)}>
      {fullName(person) || 'Unnamed'}
    </Button>
  );
}

/**
 * "Who you talk to most" and "Going cold" (docs/warmth.md#going-cold), from your own ties'
 * archive signals.
 */
export const WarmthCard = memo(function WarmthCard({
  connections,
  onSelect,
  today = new Date(),
}: {
  connections: readonly Connection[];
  onSelect: (person: Connection) => void;
  today?: Date;
}) {
  const day = today.toISOString().slice(0, 10);
  const lists = useMemo(() => {
    const ownId = connections.find((c) => c.isUser)?.userId;
    const mine = connections.filter((c) => !c.isUser && !c.isTeammate && c.userId === ownId && c.signals);
    if (mine.length === 0) return null;
    const now = new Date(`${day}T12:00:00Z`);
    return {
      talkers: topTalkers(mine, now, WARMTH_CARD_SIZE),
      cold: goingCold(mine, now, WARMTH_CARD_SIZE),
    };
  }, [connections, day]);
  if (!lists)
    return <Typography.Text type="secondary">Your own archive's messages are not imported.</Typography.Text>;
  return (
    <Flex vertical gap={12} aria-label="Your relationships">
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ fontSize: 13 }}>
          Who you talk to most
        </Typography.Text>
        {lists.talkers.length === 0 ? (
          <Typography.Text type="secondary">No messages in the last 12 months.</Typography.Text>
        ) : (
          <Flex vertical role="list" aria-label="Who you talk to most">
            {lists.talkers.map(({ person }) => (
              <Flex key={person.id} role="listitem" justify="space-between" gap={8}>
                <PersonButton person={person} onSelect={onSelect} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {messageCount(person)} messages
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ fontSize: 13 }}>
          Going cold
        </Typography.Text>
        {lists.cold.length === 0 ? (
          <Typography.Text type="secondary">No strong tie has gone silent for a year.</Typography.Text>
        ) : (
          <Flex vertical role="list" aria-label="Going cold">
            {lists.cold.map(({ person, lastMessageOn }) => (
              <Flex key={person.id} role="listitem" justify="space-between" gap={8}>
                <PersonButton person={person} onSelect={onSelect} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  last {formatDate(lastMessageOn)}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </Flex>
    </Flex>
  );
});

const messageCount = (person: Connection) =>
  (person.signals?.messagesSent ?? 0) + (person.signals?.messagesReceived ?? 0);
