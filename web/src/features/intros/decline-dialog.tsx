import { INTRO_DECLINE_TEXT_MAX, type AnswerIntroRequest } from '@warmpath/contracts';
import { Button, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { DECLINE_CHOICES } from './intro-format';

type Choice = (typeof DECLINE_CHOICES)[number]['value'];

/** Decline with a reason from the short list (and words of one's own for "Other"). */
export function DeclineDialog({
  open,
  isSaving,
  onDecline,
  onClose,
}: {
  open: boolean;
  isSaving: boolean;
  onDecline: (answer: Extract<AnswerIntroRequest, { decision: 'decline' }>) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<Choice>('not_close_enough');
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      title="Decline the request"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="decline"
          danger
          type="primary"
          loading={isSaving}
          onClick={() =>
            onDecline({
              decision: 'decline',
              reason,
              reasonText: reason === 'other' && text.trim() ? text : null,
            })
          }
        >
          Decline
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Typography.Text>Why? The teammate who asked sees your reason.</Typography.Text>
        <Radio.Group
          value={reason}
          onChange={(event) => setReason(event.target.value as Choice)}
          aria-label="Reason"
        >
          <Flex vertical gap={8}>
            {DECLINE_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value}>
                {choice.label}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {reason === 'other' && (
          <Input.TextArea
            aria-label="Your reason"
            rows={3}
            showCount
            maxLength={INTRO_DECLINE_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Flex>
    </Modal>
  );
}
