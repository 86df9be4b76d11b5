import { NodeIndexOutlined } from '@ant-design/icons';
import type { TargetResultRow } from '@warmpath/contracts';
import { Button, Flex } from 'antd';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { AskIntroButton } from '../intros';
import { CorrectMatchPicker } from './correct-match-picker';
import { personPath, type TargetListRef } from './target-scope';
import { targetPersonConnection } from './target-person-connection';

/**
 * A row's actions: ask the best connector for an intro (in a workspace), open the path on the
 * network screen, and correct a company match (for those who may change the list).
 */
export const TargetRowActions = memo(function TargetRowActions({
  listRef,
  row,
  viewerId,
  canCorrect,
}: {
  listRef: TargetListRef;
  row: TargetResultRow;
  viewerId: number | undefined;
  canCorrect: boolean;
}) {
  const navigate = useNavigate();
  const best = row.bestConnector;
  const person = best ? (row.people.find((p) => p.id === best.personId) ?? row.people[0]) : undefined;
  return (
    <Flex gap={4} wrap>
      {person && listRef.teamId !== null && (
        <AskIntroButton
          teamId={listRef.teamId}
          person={targetPersonConnection(person, viewerId)}
          ownNode={null}
          size="small"
          type="link"
        />
      )}
      {person && (
        <Button
          size="small"
          type="link"
          icon={<NodeIndexOutlined />}
          onClick={() => void navigate(personPath(listRef, person.id))}
        >
          Open path
        </Button>
      )}
      {canCorrect && row.target.kind === 'company' && <CorrectMatchPicker listRef={listRef} row={row} />}
    </Flex>
  );
});
