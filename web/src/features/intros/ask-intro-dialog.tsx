import {
  createIntroRequestSchema,
  INTRO_DRAFT_MAX,
  INTRO_REASON_MAX,
  introPagePath,
  type Connection,
  type WarmPathView,
} from '@warmpath/contracts';
import { fullName } from '@warmpath/domain';
import { Button, Flex, Form, Input, Modal, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { AskIntroError, askFailure, type AskFailure } from './ask-intro-error';
import { askLabel, type IntroAsk } from './intro-ask';
import { introsApi, useCreateIntroMutation } from './intros.api';
import { useAppDispatch } from '../../lib/store/use-app-dispatch';
import { useIntroDraft } from './use-intro-draft';

export interface AskIntroDialogProps {
  teamId: number;
  target: Connection;
  path: WarmPathView | undefined;
  ask: IntroAsk;
  ownNode: Connection | null;
  onClose: () => void;
}

interface Values {
  reason: string;
  draft: string;
}

/** The hops of the path, as the details panel explains them. */
function PathSteps({ path }: { path: WarmPathView }) {
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={path.hops.length}
      aria-label="Path hops"
      items={path.hops.map((hop) => ({ title: hop.explanation }))}
    />
  );
}

/**
 * "Ask <teammate> for an intro": the path, who is asked, why (required), and the draft the
 * teammate forwards, written by the AI service and editable. Sending opens the request's page.
 */
export function AskIntroDialog({ teamId, target, path, ask, ownNode, onClose }: AskIntroDialogProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateIntroMutation();
  const [failure, setFailure] = useState<AskFailure | null>(null);
  const draft = useIntroDraft(target, path, ownNode);
  useEffect(() => {
    if (draft.status === 'ready' && !form.isFieldTouched('draft')) form.setFieldValue('draft', draft.text);
  }, [draft, form]);
  const title = askLabel(ask);

  const submit = async ({ reason, draft: text }: Values) => {
    setFailure(null);
    const body = {
      teamId,
      targetId: target.id,
      reason,
      draft: text?.trim() ? text : null,
      ...(ask.kind === 'named' ? { connectorUserId: ask.connectorUserId } : {}),
    };
    try {
      const request = await create(body).unwrap();
      toast({
        title: 'Request sent',
        description: `Your request for an intro to ${request.target.name} is on its way.`,
        variant: 'success',
      });
      onClose();
      void navigate(introPagePath(request.teamId, request.id));
    } catch (error) {
      const found = askFailure(error);
      if (found.status === 409)
        found.openPath =
          openPathIn(found.message, teamId) ?? (await openRequestPath(dispatch, teamId, target.id));
      setFailure(found);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="send" type="primary" loading={isLoading} onClick={() => form.submit()}>
          Send request
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        {path?.found && path.toId === target.id && <PathSteps path={path} />}
        <Typography.Text>
          {ask.kind === 'named'
            ? `${ask.connectorName} knows ${fullName(target) || 'this person'} and will get your request by mail and in Warmpath.`
            : `The teammate who knows ${ask.targetName} best gets your request. They stay unnamed unless they accept and choose to tell you.`}
        </Typography.Text>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          requiredMark={false}
        >
          <Form.Item
            name="reason"
            label="Reason"
            extra="Why this person, and what you want from the conversation."
            rules={[zodFieldRule(createIntroRequestSchema, 'reason')]}
          >
            <Input.TextArea rows={3} showCount maxLength={INTRO_REASON_MAX} />
          </Form.Item>
          <Form.Item
            name="draft"
            label="Introduction draft"
            extra={
              draft.status === 'failed'
                ? 'The draft could not be written right now: write your own, or leave it empty.'
                : `What ${ask.kind === 'named' ? ask.connectorName : 'your teammate'} forwards to ${fullName(target) || 'them'}. Edit it as you like.`
            }
          >
            <Input.TextArea rows={8} maxLength={INTRO_DRAFT_MAX} disabled={draft.status === 'writing'} />
          </Form.Item>
        </Form>
        {draft.status === 'writing' && (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text type="secondary">Writing the draft...</Typography.Text>
          </Flex>
        )}
        {failure && <AskIntroError failure={failure} />}
      </Flex>
    </Modal>
  );
}

/** The request a 409's message names ("… (request 12, requested)"). */
function openPathIn(message: string, teamId: number): string | undefined {
  const id = /\(request (\d+)/.exec(message)?.[1];
  return id ? introPagePath(teamId, Number(id)) : undefined;
}

/** The caller's open request to this person in the workspace (a 409's subject), from the inbox. */
async function openRequestPath(
  dispatch: ReturnType<typeof useAppDispatch>,
  teamId: number,
  targetId: string,
): Promise<string | undefined> {
  const list = await dispatch(
    introsApi.endpoints.listIntros.initiate(undefined, { forceRefetch: true, subscribe: false }),
  )
    .unwrap()
    .catch(() => null);
  const open = list?.requests.find(
    (r) =>
      r.teamId === teamId &&
      r.viewerRole === 'requester' &&
      r.target.id === targetId &&
      ['requested', 'asking_target', 'accepted'].includes(r.state),
  );
  return open ? introPagePath(open.teamId, open.id) : undefined;
}
