import type { IntroMemberStats } from '@warmpath/contracts';
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { errorMessage } from '../../lib/api/api';
import { formatHours, formatRate } from './intro-format';
import { useGetIntroStatsQuery } from './intros.api';

/** One figure, named for people and for assistive technology alike. */
function Figure({ title, value }: { title: string; value: string | number }) {
  return (
    <Col xs={12} md={6}>
      <Statistic title={title} value={value} valueRender={(node) => <span aria-label={title}>{node}</span>} />
    </Col>
  );
}

/**
 * The workspace's Intros panel: requests this month, how many were accepted, how fast members
 * answer, how many led to a meeting, and each member's asks, answers and intros. Figures of
 * members sharing only counts are summed apart, unnamed.
 */
export function WorkspaceIntrosPanel({ teamId }: { teamId: number }) {
  // A deferred value: the first render with the answer is sliced (docs/performance.md#the-workspace-screens-first-picture).
  const { data, error } = useDeferredValue(
    useGetIntroStatsQuery(teamId, { refetchOnMountOrArgChange: true }),
  );
  return (
    <Card title="Intros" size="small" role="region" aria-label="Intros">
      {error && <Alert type="error" title={errorMessage(error)} />}
      {data && (
        <>
          <Row gutter={[24, 16]}>
            <Figure title="Requests this month" value={data.requestsThisMonth} />
            <Figure title="Acceptance rate" value={formatRate(data.acceptanceRate)} />
            <Figure title="Median time to answer" value={formatHours(data.medianHoursToAnswer)} />
            <Figure title="Led to a meeting" value={data.meetings} />
          </Row>
          <Table<IntroMemberStats>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="userId"
            pagination={false}
            dataSource={data.members}
            aria-label="Intros per member"
            columns={[
              { title: 'Member', dataIndex: 'name' },
              { title: 'Asked', dataIndex: 'asked' },
              { title: 'Answered', dataIndex: 'answered' },
              { title: 'Made', dataIndex: 'made' },
            ]}
          />
          {(data.unnamed.answered > 0 || data.unnamed.made > 0) && (
            <Typography.Text type="secondary">
              Teammates who share only counts answered {data.unnamed.answered} and made {data.unnamed.made}.
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}
