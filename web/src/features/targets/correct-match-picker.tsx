import type { TargetResultRow } from '@warmpath/contracts';
import { Button, Flex, Popover, Radio, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import type { TargetListRef } from './target-scope';
import { useCorrectTargetsMutation, useRemoveTargetCorrectionMutation } from './targets.api';

/** The "nobody of ours is there" choice (a correction with companyKey null). */
const NOBODY = '';

/**
 * "Correct match" for an unmatched or wrongly matched company target (docs/targets.md#suggestions):
 * the suggested network companies, or "nobody of ours is there", saved through PUT corrections;
 * on a corrected row also "Remove correction" (DELETE corrections/{line}), after which the row
 * shows its automatic match again.
 */
export function CorrectMatchPicker({ listRef, row }: { listRef: TargetListRef; row: TargetResultRow }) {
  const [open, setOpen] = useState(false);
  // The popover (a trigger that observes its button) is made on the first click only: a large
  // list draws many rows at once (docs/targets.md#web).
  const [armed, setArmed] = useState(false);
  const [correct, { isLoading }] = useCorrectTargetsMutation();
  const [removeCorrection, { isLoading: isRemoving }] = useRemoveTargetCorrectionMutation();
  const toast = useToast();
  const isCorrected = row.match === 'manual';
  const remove = async () => {
    try {
      await removeCorrection({ ...listRef, line: row.target.line }).unwrap();
      setOpen(false);
    } catch (error) {
      toast({
        title: 'Could not remove the correction',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  const choose = async (companyKey: string) => {
    try {
      await correct({
        ...listRef,
        corrections: [{ line: row.target.line, companyKey: companyKey || null }],
      }).unwrap();
      setOpen(false);
    } catch (error) {
      toast({
        title: 'Could not save the correction',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  const choices = (
    <Radio.Group
      aria-label="Matching company"
      value={isCorrected ? (row.companyKey ?? NOBODY) : undefined}
      disabled={isLoading || isRemoving}
      onChange={(event) => void choose(String(event.target.value))}
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      {row.suggestions.map((suggestion) => (
        <Radio key={suggestion.key} value={suggestion.key}>
          {suggestion.name}
        </Radio>
      ))}
      {row.suggestions.length === 0 && (
        <Typography.Text type="secondary">No similar company in the network.</Typography.Text>
      )}
      <Radio value={NOBODY}>Nobody of ours is there</Radio>
    </Radio.Group>
  );
  const content = isCorrected ? (
    <Flex vertical gap={8}>
      {choices}
      <Button size="small" danger loading={isRemoving} disabled={isLoading} onClick={() => void remove()}>
        Remove correction
      </Button>
    </Flex>
  ) : (
    choices
  );
  if (!armed)
    return (
      <Button
        size="small"
        type="link"
        onClick={() => {
          setArmed(true);
          setOpen(true);
        }}
      >
        Correct match
      </Button>
    );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="Which company is it?"
      content={content}
    >
      <Button size="small" type="link">
        Correct match
      </Button>
    </Popover>
  );
}
