import type { TeamMember } from '@warmpath/contracts';
import { Button, Flex, Typography } from 'antd';

interface Props {
  members: readonly TeamMember[];
  /** null: All (docs/product.md#workspace-network-screen, collaborator filter). */
  selectedMemberId: number | null;
  onSelect: (memberId: number | null) => void;
}

/** 'All' plus one button per member (docs/product.md#workspace-network-screen). */
export function CollaboratorsFilter({ members, selectedMemberId, onSelect }: Props) {
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label="Collaborators">
      <Typography.Text type="secondary">Collaborators:</Typography.Text>
      <Button
        size="small"
        type={selectedMemberId === null ? 'primary' : 'default'}
        aria-pressed={selectedMemberId === null}
        onClick={() => onSelect(null)}
      >
        All
      </Button>
      {members.map((member) => (
        <Button
          key={member.userId}
          size="small"
          type={selectedMemberId === member.userId ? 'primary' : 'default'}
          aria-pressed={selectedMemberId === member.userId}
          onClick={() => onSelect(member.userId)}
        >
          {member.name}
        </Button>
      ))}
    </Flex>
  );
}
