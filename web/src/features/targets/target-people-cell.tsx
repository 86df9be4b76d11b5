import type { TargetResultRow } from '@warmpath/contracts';
import { Flex, Typography } from 'antd';

const SHOWN_PEOPLE = 3;

/** People known there: how many, then the most senior first with their function. */
export function TargetPeopleCell({ row }: { row: TargetResultRow }) {
  const count = row.peopleCount + row.hiddenPeopleCount;
  if (count === 0) return <Typography.Text type="secondary">Nobody</Typography.Text>;
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong>
        {count} {count === 1 ? 'person' : 'people'}
      </Typography.Text>
      {row.people.slice(0, SHOWN_PEOPLE).map((person) => (
        <Typography.Text key={person.id} type="secondary" ellipsis style={{ maxWidth: 260 }}>
          {person.firstName} {person.lastName}
          {person.position ? `, ${person.position}` : ''} ({person.category})
        </Typography.Text>
      ))}
    </Flex>
  );
}
