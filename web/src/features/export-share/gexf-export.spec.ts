import { describe, expect, it } from 'vitest';
import { buildTestLink, buildTestNetwork } from '../../lib/testing/connections.testing';
import { networkToGexf, xmlAttribute } from './gexf-export';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');

describe('xmlAttribute', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(xmlAttribute('<b>"Tom" & Jerry</b>')).toBe('&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;');
    expect(xmlAttribute('a\u0000b\u0007c')).toBe('abc');
    expect(xmlAttribute('line\nbreak')).toBe('line&#10;break');
  });
});

describe('networkToGexf', () => {
  const network = buildTestNetwork([
    { firstName: '<script>alert(1)</script>', lastName: 'O"Brien', company: 'Acme & Co', yearsConnected: 6 },
    { firstName: 'Ben', lastName: 'Ode', company: 'Acme & Co', position: null },
  ]);
  const companyLink = buildTestLink({
    id: '9',
    sourceId: '1',
    targetId: '2',
    type: 'company-role',
    company: 'Acme & Co',
    strength: 150,
  });
  const dangling = buildTestLink({
    id: '10',
    sourceId: '1',
    targetId: '99',
    type: 'company-general',
    strength: 50,
  });

  it('writes well-formed GEXF with every person and link, names kept as text', () => {
    const doc = parse(
      networkToGexf(
        network.connections,
        [...network.relationships, companyLink],
        new Date('2025-01-02T00:00:00Z'),
      ),
    );
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('version')).toBe('1.3');
    const nodes = [...doc.getElementsByTagName('node')];
    expect(nodes.map((n) => n.getAttribute('label'))).toEqual([
      'YOU',
      '<script>alert(1)</script> O"Brien',
      'Ben Ode',
    ]);
    const edges = [...doc.getElementsByTagName('edge')];
    expect(edges).toHaveLength(3);
    expect(edges[2].getAttribute('weight')).toBe('150');
    expect(doc.getElementsByTagName('meta')[0].getAttribute('lastmodifieddate')).toBe('2025-01-02');
  });

  it('writes the node attributes Gephi reads, leaving out the empty ones', () => {
    const doc = parse(networkToGexf(network.connections, []));
    const ana = doc.getElementsByTagName('node')[1];
    const values = Object.fromEntries(
      [...ana.getElementsByTagName('attvalue')].map((v) => [v.getAttribute('for'), v.getAttribute('value')]),
    );
    expect(values).toEqual({
      '0': 'Acme & Co',
      '1': 'Software Engineer',
      '2': '1',
      '3': '6',
      '4': 'engineering',
      '5': '3',
      '6': 'false',
    });
  });

  it('leaves out links to people who are not in the export', () => {
    const doc = parse(networkToGexf(network.connections, [dangling]));
    expect(doc.getElementsByTagName('edge')).toHaveLength(0);
  });
});
