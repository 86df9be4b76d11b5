import { SHARING_LEVELS, type SharingLevel, type TeamMember, type Workspace } from '@warmpath/contracts';
import { Alert, Button, Card, Flex, Popconfirm, Select, Spin, Tag, Typography, theme } from 'antd';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { formatDate, ROLE_LABELS, SHARING_LABELS } from './workspace-format';
import { useRemoveMemberMutation, useUpdateSharingMutation } from './workspaces.api';

interface Props {
  workspace: Workspace;
  members: TeamMember[] | undefined;
  membersError: unknown;
  currentUserId: number | undefined;
  /** The collaborator picked in the header's filter (null: All). */
  selectedMemberId: number | null;
}

const SHARING_OPTIONS = SHARING_LEVELS.map((level) => ({ value: level, label: SHARING_LABELS[level] }));

/** Who is in the workspace, the caller's own sharing level, and the owner's remove buttons. */
export function MembersPanel({ workspace, members, membersError, currentUserId, selectedMemberId }: Props) {
  const { token } = theme.useToken();
  const toast = useToast();
  const [removeMember] = useRemoveMemberMutation();
  const [updateSharing, sharingState] = useUpdateSharingMutation();
  const isOwner = workspace.createdById === currentUserId;
  const me = members?.find((member) => member.userId === currentUserId);

  const onRemove = async (member: TeamMember) => {
    try {
      await removeMember({ teamId: workspace.id, userId: member.userId }).unwrap();
      toast({
        title: 'Member removed',
        description: `${member.name} is no longer a member.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const onSharing = async (sharing: SharingLevel) => {
    try {
      await updateSharing({ teamId: workspace.id, sharing }).unwrap();
      toast({
        title: 'Sharing updated',
        description: `This workspace sees: ${SHARING_LABELS[sharing]}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Card title={`Members (${members?.length ?? workspace.memberCount})`} size="small">
      {membersError ? (
        <Alert type="error" title={errorMessage(membersError)} />
      ) : !members ? (
        <Spin aria-label="Loading members" />
      ) : (
        <Flex vertical gap={8} role="list" aria-label="Members">
          {members.map((member) => (
            <Flex
              key={member.userId}
              role="listitem"
              aria-label={member.name}
              aria-current={member.userId === selectedMemberId ? 'true' : undefined}
              justify="space-between"
              align="center"
              gap={8}
              style={{
                padding: '6px 8px',
                borderRadius: token.borderRadius,
                background: member.userId === selectedMemberId ? token.colorPrimaryBg : undefined,
              }}
            >
              <Flex vertical>
                <Typography.Text strong>
                  {member.name}
                  {member.userId === currentUserId ? ' (you)' : ''}
                </Typography.Text>
                <Typography.Text type="secondary">Joined {formatDate(member.joinedAt)}</Typography.Text>
              </Flex>
              <Flex gap={8} align="center">
                <Tag color={member.role === 'owner' ? 'gold' : member.role === 'admin' ? 'purple' : 'blue'}>
                  {ROLE_LABELS[member.role]}
                </Tag>
                {isOwner && member.role !== 'owner' && (
                  <Popconfirm
                    title={`Remove ${member.name}?`}
                    description="Their connections leave the workspace with them."
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => void onRemove(member)}
                  >
                    <Button size="small" danger>
                      Remove
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      {me && (
        <Flex vertical gap={4} style={{ marginTop: 16 }}>
          <Typography.Text strong>What this workspace sees of your connections</Typography.Text>
          <Select<SharingLevel>
            aria-label="Sharing level"
            value={me.sharing}
            options={SHARING_OPTIONS}
            loading={sharingState.isLoading}
            onChange={(value) => void onSharing(value)}
            style={{ maxWidth: 320 }}
          />
          <Typography.Text type="secondary">Notes are never shared.</Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
