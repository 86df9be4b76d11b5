import type { TargetResultRow } from '@warmpath/contracts';
import { Flex, Typography } from 'antd';
import { memo } from 'react';

const SHOWN_PEOPLE = 3;
const CUT = {
  maxWidth: 260,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** People known there: how many, then the most senior first with their function. */
export const TargetPeopleCell = memo(function TargetPeopleCell({ row }: { row: TargetResultRow }) {
  const count = row.peopleCount + row.hiddenPeopleCount;
  if (count === 0) return <Typography.Text type="secondary">Nobody</Typography.Text>;
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong>
        {count} {count === 1 ? 'person' : 'people'}
      </Typography.Text>
      {row.people.slice(0, SHOWN_PEOPLE).map((person) => {
        const text = `${person.firstName} ${person.lastName}${person.position ? `, ${person.position}` : ''} (${person.category})`;
        // Cut by CSS: antd's measured ellipsis costs every row of a large list a measure and a resize
        // observer (docs/targets.md#web).
        return (
          <Typography.Text key={person.id} type="secondary" title={text} style={CUT}>
            {text}
          </Typography.Text>
        );
      })}
    </Flex>
  );
});
