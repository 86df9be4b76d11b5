import type { Connection, MemberReach, TeamMember } from '@warmpath/contracts';
import { fullName } from '@warmpath/domain';
import { Button, Card, Col, Empty, Flex, Row, Table, Typography } from 'antd';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { AskIntroButton, useGetIntroStatsQuery } from '../intros';
import { datasetInfo } from '../network';
import { roleLine } from '../network';
import { networkApi } from '../network';
import { SHARING_LABELS } from './workspace-format';

interface Props {
  teamId: number;
  members: readonly TeamMember[] | undefined;
  onChoose: (person: Connection) => void;
}

interface ReachRow extends MemberReach {
  name: string;
  /** Introductions the member made (null: shares only counts, or not known yet). */
  introsMade: number | null;
}

/**
 * 'Super-connectors' (docs/workspace-network.md): the people known by the most members, each with
 * the ask for an intro when a teammate other than you knows them (docs/intros.md#where-to-ask), and
 * each member's reach. Both were worked out by the data worker when it read the pooled network; this
 * only reads them.
 */
export function SuperConnectors({ teamId, members, onChoose }: Props) {
  // Below the graph, out of sight as the pooled network arrives: rendered as a transition, not in
  // the store's synchronous update that also starts the graph
  // (docs/performance.md#the-workspace-screens-long-tasks).
  const { data: latest } = networkApi.endpoints.getTeamNetwork.useQueryState(teamId);
  const data = useDeferredValue(latest);
  const pool = datasetInfo(data)?.pool ?? null;
  // The reach table mounts in a commit of its own: an antd table measures the page's scrollbar
  // as it mounts (a forced layout), which in the list's commit made one long task of both.
  const [isTableMounted, setTableMounted] = useState(false);
  useEffect(() => {
    if (pool) startTransition(() => setTableMounted(true));
  }, [pool]);
  const { data: stats } = useGetIntroStatsQuery(teamId);
  const people = useMemo(
    () => (data && pool ? Array.from(pool.superConnectors, (index) => data.connections[index]) : []),
    [data, pool],
  );
  const ownNode = useMemo(() => data?.connections.find((c) => c.isUser) ?? null, [data]);
  const reach = useMemo<ReachRow[]>(() => {
    const names = new Map(members?.map((member) => [member.userId, member.name]));
    const made = new Map(stats?.members.map((member) => [member.userId, member.made]));
    return (pool?.members ?? [])
      .map((member) => ({
        ...member,
        name: names.get(member.userId) ?? `Member ${member.userId}`,
        introsMade: made.get(member.userId) ?? null,
      }))
      .sort((a, b) => b.people - a.people || a.name.localeCompare(b.name));
  }, [pool, members, stats]);
  if (!pool) return null;

  return (
    <Card title="Super-connectors" size="small">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>Known by the most teammates</Typography.Title>
          {people.length === 0 ? (
            <Empty description="Nobody is known by two members yet." image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Flex vertical role="list" aria-label="Known by the most teammates">
              {people.map((person) => (
                <Flex key={person.id} role="listitem" justify="space-between" align="center" gap={8}>
                  <Button type="link" onClick={() => onChoose(person)} style={{ padding: 0, minWidth: 0 }}>
                    {fullName(person) || 'Unnamed'}
                  </Button>
                  <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0 }}>
                    {roleLine(person)}
                  </Typography.Text>
                  <Typography.Text strong>Known by {person.knownBy.length} members</Typography.Text>
                  <AskIntroButton
                    teamId={teamId}
                    person={person}
                    ownNode={ownNode}
                    size="small"
                    type="link"
                  />
                </Flex>
              ))}
            </Flex>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>Each member&apos;s reach</Typography.Title>
          {isTableMounted && (
            <Table<ReachRow>
              size="small"
              rowKey="userId"
              pagination={false}
              dataSource={reach}
              aria-label="Each member's reach"
              columns={[
                { title: 'Member', dataIndex: 'name' },
                { title: 'People', dataIndex: 'people', render: (n: number) => n.toLocaleString() },
                { title: 'Companies', dataIndex: 'companies', render: (n: number) => n.toLocaleString() },
                {
                  title: 'Intros made',
                  dataIndex: 'introsMade',
                  render: (n: number | null) => (n === null ? '—' : n.toLocaleString()),
                },
                {
                  title: 'Shares',
                  dataIndex: 'sharing',
                  render: (s: MemberReach['sharing']) => SHARING_LABELS[s],
                },
              ]}
            />
          )}
        </Col>
      </Row>
    </Card>
  );
}
