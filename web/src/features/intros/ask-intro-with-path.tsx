import type { Connection } from '@warmpath/contracts';
import { Flex, Modal, Spin } from 'antd';
import { useAuth } from '../../lib/session/auth-context';
import { useGetWarmPathQuery } from '../network';
import { AskIntroDialog } from './ask-intro-dialog';
import { introAsk } from './intro-ask';

/** The ask from a place that shows no path (a table row, a card): the path is looked up first. */
export function AskIntroWithPath({
  teamId,
  target,
  ownNode,
  onClose,
}: {
  teamId: number;
  target: Connection;
  ownNode: Connection | null;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const { data: path, isFetching } = useGetWarmPathQuery({ to: target.id, workspaceId: teamId });
  const ask = introAsk(target, path, user?.id ?? null);
  if (isFetching || !ask)
    return (
      <Modal open title="Ask for an intro" footer={null} onCancel={onClose}>
        <Flex justify="center" role="status" style={{ padding: 24 }}>
          <Spin aria-label="Finding the warmest path" />
        </Flex>
      </Modal>
    );
  return (
    <AskIntroDialog
      teamId={teamId}
      target={target}
      path={path}
      ask={ask}
      ownNode={ownNode}
      onClose={onClose}
    />
  );
}
