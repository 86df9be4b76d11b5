import type { Connection } from '@warmpath/contracts';
import { fullName, HIDDEN_KNOWER } from '@warmpath/domain';
import { Flex, Tag, Typography } from 'antd';

/**
 * Which members of the workspace know the person (docs/product.md#pooled-networks): you first when
 * you do, then each teammate by name when their teammate node is in the graph. A member on counts
 * only is one of them but never named: the server lists them as HIDDEN_KNOWER.
 */
export function KnownBySection({
  person,
  viewerId,
  teammates,
}: {
  person: Connection;
  viewerId: number | null;
  teammates: ReadonlyMap<number, Connection>;
}) {
  const others = person.knownBy.filter((userId) => userId !== viewerId);
  const isKnownByYou = viewerId !== null && person.knownBy.includes(viewerId);
  const count = others.length;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {count === 0
          ? 'No teammate knows this person.'
          : `Known by ${count} teammate${count === 1 ? '' : 's'}${isKnownByYou ? ' and you' : ''}`}
      </Typography.Text>
      <Flex gap={6} wrap role="list" aria-label="Teammates who know this person">
        {isKnownByYou && (
          <Tag role="listitem" color="blue">
            You
          </Tag>
        )}
        {others.map((userId, index) => {
          const teammate = userId === HIDDEN_KNOWER ? undefined : teammates.get(userId);
          return (
            <Tag role="listitem" color="purple" key={`${userId}:${index}`}>
              {teammate ? fullName(teammate) || 'Unnamed' : 'A teammate'}
            </Tag>
          );
        })}
      </Flex>
    </Flex>
  );
}
