import type { AbsentStatus } from '@warmpath/contracts';
import { Alert, App, Button, Popconfirm, Typography } from 'antd';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { absentRemovalText, removeLabel } from './absent-removal-text';
import { useGetAbsentStatusQuery, useRemoveAbsentMutation, useRestoreAbsentMutation } from './imports.api';

/**
 * "Remove N people not in your latest export" for an import (the latest only), with a confirmation,
 * then the removal and its "Undo" for 7 days (issue 15). Nothing while there is nothing to offer.
 */
export function AbsentRemoval({ importId }: { importId: string }) {
  const { data } = useGetAbsentStatusQuery(importId);
  const [remove, removing] = useRemoveAbsentMutation();
  const [restore, restoring] = useRestoreAbsentMutation();
  const toast = useToast();
  const { notification } = App.useApp();

  const undo = useCallback(async () => {
    notification.destroy('absent-removal');
    try {
      const { restored } = await restore(importId).unwrap();
      toast({
        title: `${restored === 1 ? '1 person is' : `${restored} people are`} back in your network`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'The removal could not be undone',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  }, [importId, notification, restore, toast]);

  const confirmRemove = useCallback(async () => {
    try {
      const { removed, undoUntil } = await remove(importId).unwrap();
      notification.success({
        key: 'absent-removal',
        title: `${removed === 1 ? '1 person' : `${removed} people`} removed from your network`,
        description: `You can undo this until ${formatDate(undoUntil)}, here or on the Import history page.`,
        actions: (
          <Button size="small" onClick={() => void undo()}>
            Undo
          </Button>
        ),
        duration: 10,
      });
    } catch (error) {
      toast({
        title: 'The people could not be removed',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  }, [importId, notification, remove, toast, undo]);

  if (!data) return null;
  const removal = data.removal;
  if (removal?.state === 'undoable')
    return (
      <Alert
        type="warning"
        showIcon
        aria-label="Removal of the people not in your latest export"
        title={absentRemovalText(removal, formatDate)}
        action={
          <Button size="small" loading={restoring.isLoading} onClick={() => void undo()}>
            Undo
          </Button>
        }
      />
    );
  const offer = canRemove(data);
  return (
    <>
      {removal && (
        <Typography.Text type="secondary">{absentRemovalText(removal, formatDate)}</Typography.Text>
      )}
      {offer && (
        <Popconfirm
          title={`Remove ${data.absentNow === 1 ? '1 person' : `${data.absentNow} people`} from your network?`}
          description="They are not in your latest LinkedIn export. Their notes are kept with them, and you can undo this for 7 days."
          okText="Remove"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={() => void confirmRemove()}
        >
          <Button danger loading={removing.isLoading} style={{ alignSelf: 'flex-start' }}>
            {removeLabel(data.absentNow)}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}

/** Only the latest import's absent people can be removed, and only when there are some. */
export const canRemove = (status: AbsentStatus): boolean =>
  status.latest && status.absentNow > 0 && status.removal?.state !== 'undoable';

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string): string => dates.format(new Date(iso));
