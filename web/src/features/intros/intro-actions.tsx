import type { IntroRequestView } from '@warmpath/contracts';
import { Button, Checkbox, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { DeclineDialog } from './decline-dialog';
import {
  useAnswerIntroMutation,
  useMarkIntroducedMutation,
  useRecordOutcomeMutation,
  useRecordTargetAnswerMutation,
  useWithdrawIntroMutation,
} from './intros.api';

/** Runs one change of the request, with a toast when the server refuses it. */
function useChange() {
  const toast = useToast();
  return async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' });
    }
  };
}

/**
 * The buttons the viewer's side has in the request's state (the state machine in libs/domain):
 * the connector answers, asks the person first and introduces; the requester withdraws and
 * records the outcome. A state with nothing to do shows nothing.
 */
export function IntroActions({
  request,
  isHiddenFromRequester,
}: {
  request: IntroRequestView;
  /** The viewer is the connector and shares only counts: the requester does not know who they are. */
  isHiddenFromRequester: boolean;
}) {
  return request.viewerRole === 'connector' ? (
    <ConnectorActions request={request} isHidden={isHiddenFromRequester} />
  ) : (
    <RequesterActions request={request} />
  );
}

function ConnectorActions({ request, isHidden }: { request: IntroRequestView; isHidden: boolean }) {
  const ref = { teamId: request.teamId, introId: request.id };
  const change = useChange();
  const [answer, answering] = useAnswerIntroMutation();
  const [targetAnswer, recording] = useRecordTargetAnswerMutation();
  const [introduce, introducing] = useMarkIntroducedMutation();
  const [isDeclining, setDeclining] = useState(false);
  // A connector the requester cannot see (sharing counts) chooses whether to be named.
  const [revealName, setRevealName] = useState(false);
  const reveal = isHidden && (
    <Checkbox checked={revealName} onChange={(event) => setRevealName(event.target.checked)}>
      Tell {request.requester.name} it is me
    </Checkbox>
  );
  const decline = (
    <>
      <Button danger onClick={() => setDeclining(true)}>
        Decline
      </Button>
      <DeclineDialog
        open={isDeclining}
        isSaving={answering.isLoading}
        onClose={() => setDeclining(false)}
        onDecline={(body) =>
          void change(async () => {
            await answer({ ...ref, answer: body }).unwrap();
            setDeclining(false);
          })
        }
      />
    </>
  );
  switch (request.state) {
    case 'requested':
      return (
        <Flex vertical gap={8}>
          {reveal}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              loading={answering.isLoading}
              onClick={() =>
                void change(() => answer({ ...ref, answer: { decision: 'accept', revealName } }).unwrap())
              }
            >
              Accept
            </Button>
            {decline}
            <Button
              onClick={() =>
                void change(() => answer({ ...ref, answer: { decision: 'ask_target' } }).unwrap())
              }
            >
              Ask the target first
            </Button>
          </Flex>
        </Flex>
      );
    case 'asking_target':
      return (
        <Flex vertical gap={8}>
          <Typography.Text>Did {request.target.name} agree to be introduced?</Typography.Text>
          {reveal}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              loading={recording.isLoading}
              onClick={() =>
                void change(() => targetAnswer({ ...ref, answer: { agreed: true, revealName } }).unwrap())
              }
            >
              {request.target.name} agreed
            </Button>
            <Button
              loading={recording.isLoading}
              onClick={() =>
                void change(() =>
                  targetAnswer({ ...ref, answer: { agreed: false, revealName: false } }).unwrap(),
                )
              }
            >
              {request.target.name} said no
            </Button>
          </Flex>
        </Flex>
      );
    case 'accepted':
      return (
        <Flex gap={8}>
          <Button
            type="primary"
            loading={introducing.isLoading}
            onClick={() => void change(() => introduce(ref).unwrap())}
          >
            Mark introduced
          </Button>
        </Flex>
      );
    case 'declined':
    case 'introduced':
    case 'meeting_held':
    case 'no_response':
    case 'withdrawn':
    case 'expired':
      return null;
  }
}

function RequesterActions({ request }: { request: IntroRequestView }) {
  const ref = { teamId: request.teamId, introId: request.id };
  const change = useChange();
  const [withdraw, withdrawing] = useWithdrawIntroMutation();
  const [record, recording] = useRecordOutcomeMutation();
  switch (request.state) {
    case 'requested':
    case 'asking_target':
    case 'accepted':
      return (
        <Popconfirm
          title="Withdraw this request?"
          okText="Withdraw"
          cancelText="Keep it"
          onConfirm={() => void change(() => withdraw(ref).unwrap())}
        >
          <Button loading={withdrawing.isLoading}>Withdraw</Button>
        </Popconfirm>
      );
    case 'introduced':
      return (
        <Flex vertical gap={8}>
          <Typography.Text>How did it go?</Typography.Text>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              loading={recording.isLoading}
              onClick={() => void change(() => record({ ...ref, outcome: 'meeting_held' }).unwrap())}
            >
              Meeting held
            </Button>
            <Button
              loading={recording.isLoading}
              onClick={() => void change(() => record({ ...ref, outcome: 'no_response' }).unwrap())}
            >
              No response
            </Button>
          </Flex>
        </Flex>
      );
    case 'declined':
    case 'meeting_held':
    case 'no_response':
    case 'withdrawn':
    case 'expired':
      return null;
  }
}
