import type { Connection } from '@warmpath/contracts';
import { explainTie, fullName } from '@warmpath/domain';
import { Flex, Typography } from 'antd';
import { StrengthTag } from '../network';
import { relationshipFacts } from './relationship-facts';

/**
 * "Relationship" (docs/warmth.md, docs/product.md#connection-details): what the LinkedIn archive
 * says of the tie, each fact with its source file, and the tie's band. Nothing without signals.
 * `knower` is 'You', or the teammate whose archive it is in a workspace.
 */
export function RelationshipSection({
  person,
  knower = 'You',
  today = new Date(),
}: {
  person: Connection;
  knower?: string;
  today?: Date;
}) {
  const { signals, strength } = person;
  if (!signals) return null;
  const name = fullName(person) || 'this person';
  const facts = relationshipFacts(signals, knower, name);
  // The messages in words ("You exchanged 48 messages with Ana, the last 12 days ago"); the other
  // sentences would repeat the facts below.
  const summary = explainTie(
    { knower, person: name, signals, pastColleague: null, yearsConnected: null },
    today,
  ).find((fact) => fact.source === 'messages.csv');
  return (
    <section aria-label="Relationship">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Relationship
        </Typography.Title>
        {strength && <StrengthTag strength={strength} />}
      </Flex>
      {summary && <Typography.Paragraph style={{ marginTop: 8 }}>{summary.text}</Typography.Paragraph>}
      <Flex vertical gap={6} role="list" aria-label="Relationship facts" style={{ marginTop: 8 }}>
        {facts.map((fact) => (
          <Flex key={fact.key} vertical role="listitem" aria-label={fact.label}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text type="secondary">{fact.label}</Typography.Text>
              <Typography.Text style={{ textAlign: 'right' }}>{fact.text}</Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              from {fact.source}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
