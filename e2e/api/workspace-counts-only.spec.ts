import { expect, test } from '@playwright/test';
import { COMPACT_NETWORK_MEDIA_TYPE } from '@warmpath/contracts';
import { decodeNetwork, type CompactNetwork } from '@warmpath/domain';
import { exportRow } from './network.testing.js';
import {
  importRows,
  peopleOf,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

// "Counts only" hides who a member knows (docs/workspace-network.md "Counts only: k-anonymity"):
// Cora shares counts only and knows one person at Vault Inc and three at Globex.
const row = (first: string, last: string, company: string) =>
  exportRow(first, last, `${first.toLowerCase()}-${last.toLowerCase()}`, company, 3, {
    position: 'Engineer',
  });

let vic: Member;
let ned: Member;
let cora: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  vic = await signUpMember(playwright, url, 'Vic', 'Viewer');
  ned = await signUpMember(playwright, url, 'Ned', 'Names');
  cora = await signUpMember(playwright, url, 'Cora', 'Counts');
  await importRows(vic, [row('Nia', 'Named', 'Acme')]);
  await importRows(cora, [
    row('Vera', 'Vaulted', 'Vault Inc'),
    row('Gail', 'One', 'Globex'),
    row('Gary', 'Two', 'Globex'),
    row('Gwen', 'Three', 'Globex'),
  ]);
  teamId = await workspaceOf(vic, [ned, cora]);
  const sharing = await cora.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(sharing.status(), await sharing.text()).toBe(200);
});

test.afterAll(async () => {
  for (const member of [vic, ned, cora]) await member?.request.dispose();
});

test('other members see Globex: 3 and "other": 1, and Vault Inc nowhere, in JSON or compact form', async () => {
  for (const member of [vic, ned]) {
    const data = await pooledNetwork(member, teamId);
    expect(peopleOf(data).map((c) => c.firstName)).toEqual(['Nia']);
    expect(data.companies).toEqual([
      { name: 'Globex', key: 'globex', count: 3 },
      { name: 'Acme', key: 'acme', count: 1 },
    ]);
    expect(data.workspace.otherCompanyPeople).toBe(1);
    // Her reach stays counted: four people at two companies, none of them named.
    expect(data.workspace.members.find((m) => m.userId === cora.userId)).toEqual({
      userId: cora.userId,
      sharing: 'counts',
      people: 4,
      companies: 2,
    });
    const json = await member.request.get(`/api/teams/${teamId}/network`);
    const compact = await member.request.get(`/api/teams/${teamId}/network`, {
      headers: { accept: COMPACT_NETWORK_MEDIA_TYPE },
    });
    expect(compact.headers()['content-type']).toBe(COMPACT_NETWORK_MEDIA_TYPE);
    for (const text of [await json.text(), await compact.text()]) {
      expect(text).toContain('Globex');
      expect(text).not.toMatch(/vault|vera/i);
    }
    const decoded = decodeNetwork((await compact.json()) as CompactNetwork);
    expect(decoded.companies).toEqual(data.companies);
    expect(decoded.workspace?.otherCompanyPeople).toBe(1);
  }
});

test('the member on counts only still sees her own people and their companies', async () => {
  const data = await pooledNetwork(cora, teamId);
  expect(data.companies).toContainEqual({ name: 'Vault Inc', key: 'vault', count: 1 });
  expect(data.workspace.otherCompanyPeople).toBe(0);
});

test('once she shares names, Vault Inc is named with the person who shows it', async () => {
  const sharing = await cora.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'names' } });
  expect(sharing.status(), await sharing.text()).toBe(200);
  try {
    const data = await pooledNetwork(vic, teamId);
    expect(data.companies).toContainEqual({ name: 'Vault Inc', key: 'vault', count: 1 });
    expect(data.workspace.otherCompanyPeople).toBe(0);
  } finally {
    await cora.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  }
});

test('a person another member shows counts her in "known by" without naming her', async ({
  playwright,
  baseURL,
}) => {
  const url = baseURL as string;
  const [rae, ana, cleo] = [
    await signUpMember(playwright, url, 'Rae', 'Reader'),
    await signUpMember(playwright, url, 'Ana', 'Names'),
    await signUpMember(playwright, url, 'Cleo', 'Counts'),
  ];
  try {
    await importRows(ana, [row('Ben', 'Both', 'Initech')]);
    await importRows(cleo, [row('Ben', 'Both', 'Initech')]);
    const team = await workspaceOf(rae, [ana, cleo]);
    const sharing = await cleo.request.put(`/api/teams/${team}/sharing`, { data: { sharing: 'counts' } });
    expect(sharing.status(), await sharing.text()).toBe(200);
    const data = await pooledNetwork(rae, team);
    const ben = peopleOf(data).find((person) => person.firstName === 'Ben');
    // Two members know Ben; only Ana is named. Cleo's id is in no person's knownBy or link.
    expect(ben?.knownBy).toEqual([ana.userId, 0]);
    for (const person of peopleOf(data)) expect(person.knownBy).not.toContain(cleo.userId);
    const cleoNode = data.connections.find((c) => c.isTeammate && c.userId === cleo.userId)?.id;
    expect(cleoNode).toBeDefined();
    expect(data.relationships.filter((r) => r.sourceId === cleoNode && r.type === 'connection')).toEqual([]);
    const compact = await rae.request.get(`/api/teams/${team}/network`, {
      headers: { accept: COMPACT_NETWORK_MEDIA_TYPE },
    });
    const decoded = decodeNetwork((await compact.json()) as CompactNetwork);
    const decodedBen = decoded.connections.find((person) => person.firstName === 'Ben');
    expect(decodedBen?.knownBy).toEqual([ana.userId, 0]);
  } finally {
    for (const member of [rae, ana, cleo]) await member.request.dispose();
  }
});
