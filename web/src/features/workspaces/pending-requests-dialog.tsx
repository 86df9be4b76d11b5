import { CheckOutlined, CloseOutlined, InboxOutlined } from '@ant-design/icons';
import type { JoinRequest, JoinRequestDecision } from '@warmpath/contracts';
import { Alert, Badge, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { serverMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { formatRequested } from './workspace-format';
import { useDecideJoinRequestMutation, useListJoinRequestsQuery } from './workspaces.api';

/**
 * The owner's 'Pending Requests' button with its red count badge, and the 'Pending Join
 * Requests' dialog (docs/product.md#workspace-network-screen). Only the owner renders this, so only
 * the owner loads them.
 */
export function PendingRequests({ teamId }: { teamId: number }) {
  const [open, setOpen] = useState(false);
  // A deferred value: the first render with the answer is sliced (docs/performance.md#the-workspace-screens-first-picture).
  const { data, error, isLoading } = useDeferredValue(useListJoinRequestsQuery(teamId));
  const pending = (data ?? []).filter((request) => request.status === 'pending');
  return (
    <>
      <Badge count={pending.length} color="red">
        <Button icon={<InboxOutlined />} onClick={() => setOpen(true)}>
          Pending Requests
        </Button>
      </Badge>
      <Modal title="Pending Join Requests" open={open} onCancel={() => setOpen(false)} footer={null}>
        {isLoading ? (
          <Flex justify="center">
            <Spin aria-label="Loading join requests" />
          </Flex>
        ) : error ? (
          <Alert type="error" title="Failed to load join requests. Please try again." />
        ) : pending.length === 0 ? (
          <Empty description="No pending requests" />
        ) : (
          <Flex vertical gap={12} role="list">
            {pending.map((request) => (
              <PendingRequest key={request.invitationId} teamId={teamId} request={request} />
            ))}
          </Flex>
        )}
      </Modal>
    </>
  );
}

function PendingRequest({ teamId, request }: { teamId: number; request: JoinRequest }) {
  const toast = useToast();
  const [decide] = useDecideJoinRequestMutation();
  const [processing, setProcessing] = useState<JoinRequestDecision['action'] | null>(null);

  const onDecide = async (action: JoinRequestDecision['action']) => {
    setProcessing(action);
    try {
      await decide({ teamId, invitationId: request.invitationId, action }).unwrap();
      toast({
        title: action === 'approve' ? 'Request approved' : 'Request rejected',
        description:
          action === 'approve'
            ? `${request.requestorName} is now a member.`
            : `${request.requestorName} will not join.`,
        variant: 'success',
      });
    } catch (error) {
      const description = serverMessage(error) ?? `Failed to ${action} request`;
      toast({ title: 'Error', description, variant: 'destructive' });
      setProcessing(null);
    }
  };

  return (
    <Flex role="listitem" aria-label={request.requestorName} justify="space-between" align="center" gap={12}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong>{request.requestorName}</Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {request.email}
        </Typography.Text>
        <Typography.Text type="secondary">
          Requested {formatRequested(request.requestedAt)} · Code: {request.invitationCode}
        </Typography.Text>
      </Flex>
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          aria-label={`Approve ${request.requestorName}`}
          loading={processing === 'approve'}
          disabled={processing !== null}
          onClick={() => void onDecide('approve')}
        />
        <Button
          danger
          icon={<CloseOutlined />}
          aria-label={`Reject ${request.requestorName}`}
          loading={processing === 'reject'}
          disabled={processing !== null}
          onClick={() => void onDecide('reject')}
        />
      </Flex>
    </Flex>
  );
}
