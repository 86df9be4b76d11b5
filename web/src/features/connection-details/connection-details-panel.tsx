import { CloseOutlined } from '@ant-design/icons';
import { STORED_CONNECTION_ID, type Connection } from '@warmpath/contracts';
import { fullName, initials } from '@warmpath/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { Avatar, Button, Divider, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { connectionLabel, roleLine } from '../network';
import { useGraphEngine } from '../network';
import { useGetWarmPathQuery } from '../network';
import { AskIntroButton } from '../intros';
import { WarmIntroButton } from '../warm-intro';
import { ConnectionFacts } from './connection-facts';
import { KnownBySection } from './known-by-section';
import { NotesEditor } from './notes-editor';
import { RelationshipSection } from './relationship-section';
import { usePathHighlight } from './use-path-highlight';
import { WarmPathSection } from './warm-path-section';

/** docs/product.md#connection-details: the details panel is 320 px wide. */
export const DETAILS_WIDTH = 320;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** In a workspace: which one, and its members' own nodes by user id (to name who knows the person). */
export interface WorkspaceContext {
  teamId: number;
  teammates: ReadonlyMap<number, Connection>;
}

/** Whose archive a person's signals come from: 'You', or the teammate who imported the record. */
function knowerName(person: Connection, ownNode: Connection | null, workspace?: WorkspaceContext): string {
  if (!workspace || !ownNode || person.userId === ownNode.userId) return 'You';
  const teammate = workspace.teammates.get(person.userId);
  return (teammate && fullName(teammate)) || 'A teammate';
}

/**
 * 'Connection Details' (docs/product.md#connection-details): only real data, notes, the warmest path, a
 * warm intro. In a workspace the path runs through teammates and the panel lists who knows the person.
 */
export function ConnectionDetailsPanel({
  person,
  ownNode,
  workspace,
  onClose,
}: {
  person: Connection;
  ownNode: Connection | null;
  workspace?: WorkspaceContext;
  onClose: () => void;
}) {
  const { token } = theme.useToken();
  const engine = useGraphEngine();
  const {
    data: path,
    isFetching,
    error,
  } = useGetWarmPathQuery(person.isUser ? skipToken : { to: person.id, workspaceId: workspace?.teamId });
  // Notes are their owner's: in a workspace, only on people you know yourself.
  const hasNotes =
    STORED_CONNECTION_ID.test(person.id) && (!workspace || !ownNode || person.userId === ownNode.userId);
  usePathHighlight(engine, person.id, path);
  return (
    <aside
      aria-label="Connection Details"
      style={{
        width: DETAILS_WIDTH,
        flex: 'none',
        borderLeft: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        overflowY: 'auto',
        padding: 16,
      }}
    >
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          Connection Details
        </Typography.Title>
        <Button type="text" aria-label="Close details" icon={<CloseOutlined />} onClick={onClose} />
      </Flex>
      <Flex gap={12} align="center" style={{ marginTop: 16 }}>
        <Avatar size={48} src={person.avatarUrl ?? undefined} alt="">
          {initials(person)}
        </Avatar>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {fullName(person) || 'Unnamed'}
          </Typography.Text>
          {roleLine(person) && <Typography.Text>{roleLine(person)}</Typography.Text>}
          <Typography.Text type="secondary">{connectionLabel(person)}</Typography.Text>
        </Flex>
      </Flex>
      <Divider style={{ margin: '16px 0' }} />
      <ConnectionFacts person={person} showKnownBy={!workspace} />
      {person.signals && !person.isUser && (
        <>
          <Divider style={{ margin: '16px 0' }} />
          <RelationshipSection person={person} knower={knowerName(person, ownNode, workspace)} />
        </>
      )}
      {workspace && !person.isUser && !person.isTeammate && (
        <>
          <Divider style={{ margin: '16px 0' }} />
          <Section title="Known by">
            <KnownBySection
              person={person}
              viewerId={ownNode?.userId ?? null}
              teammates={workspace.teammates}
            />
          </Section>
        </>
      )}
      {!person.isUser && (
        <>
          <Divider style={{ margin: '16px 0' }} />
          <Section title="Warmest introduction path">
            <WarmPathSection
              path={path?.toId === person.id ? path : undefined}
              isLoading={isFetching && path?.toId !== person.id}
              error={error}
            />
          </Section>
          <Flex vertical gap={8} style={{ marginTop: 12 }}>
            {workspace && path?.toId === person.id && (
              <AskIntroButton teamId={workspace.teamId} person={person} path={path} ownNode={ownNode} block />
            )}
            <WarmIntroButton
              target={person}
              path={path?.toId === person.id ? path : undefined}
              ownNode={ownNode}
            />
          </Flex>
        </>
      )}
      {hasNotes && (
        <>
          <Divider style={{ margin: '16px 0' }} />
          <Section title="Notes">
            <NotesEditor key={person.id} person={person} />
          </Section>
        </>
      )}
    </aside>
  );
}
