import type { TargetConnector, TargetResultRow } from '@warmpath/contracts';

/** A company target's result row, covered when it has connectors (the first is the best). */
export function resultRow(line: number, connectors: TargetConnector[] = []): TargetResultRow {
  const [best = null, ...others] = connectors;
  const warmth = best?.bestWarmth ?? 0;
  return {
    target: { kind: 'company', line, name: `Company ${line}`, domain: null, linkedinUrl: null },
    match: best ? 'exact' : 'none',
    reached: best ? 'company' : 'none',
    companyKey: best ? `COMPANY ${line}` : null,
    covered: best !== null,
    peopleCount: connectors.length,
    hiddenPeopleCount: 0,
    people: [],
    bestConnector: best,
    warmthBand: best ? (warmth >= 0.7 ? 'strong' : warmth >= 0.6 ? 'medium' : 'weak') : null,
    otherConnectors: others,
    suggestions: [],
  };
}
