import { NOTES_MAX_LENGTH, type Connection } from '@warmpath/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useUpdateNotesMutation } from '../network';
import { useToast } from '../../lib/toast/use-toast';

/**
 * Private notes (DECISIONS.md): saved through PATCH /api/network/connections/{id}, confirmed by a
 * toast. Keyed by person in the parent, so switching people starts from their saved notes.
 */
export function NotesEditor({ person }: { person: Connection }) {
  const toast = useToast();
  const [notes, setNotes] = useState(person.notes ?? '');
  const [save, { isLoading }] = useUpdateNotesMutation();
  const isChanged = notes !== (person.notes ?? '');

  const onSave = async () => {
    try {
      const saved = await save({ id: person.id, notes }).unwrap();
      setNotes(saved.notes ?? '');
      toast({ title: 'Notes saved', description: 'Your private notes have been saved.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Notes not saved', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Only you can see your notes.
      </Typography.Text>
      <Input.TextArea
        aria-label="Private notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        maxLength={NOTES_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder="Add private notes about this person..."
      />
      <Button onClick={() => void onSave()} loading={isLoading} disabled={!isChanged}>
        Save notes
      </Button>
    </Flex>
  );
}
