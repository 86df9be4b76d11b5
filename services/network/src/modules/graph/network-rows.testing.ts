import type { ConnectionRow, NetworkRows } from './network.repository.js';

/** A stored connection row of user 7 with every column set; override what the test is about. */
export function buildConnectionRow(overrides: Partial<ConnectionRow> = {}): ConnectionRow {
  return {
    id: '1',
    owner_user_id: 7,
    first_name: 'Ana',
    last_name: 'Silva',
    email: null,
    linkedin_url: null,
    company: null,
    position: null,
    industry: null,
    location: null,
    connected_on: null,
    category: 'other',
    seniority: 3,
    notes: null,
    has_worked_with: false,
    created_at: '2026-01-01T00:00:00.000Z',
    absent_since: null,
    previous_company: null,
    previous_position: null,
    job_changed_at: null,
    ...overrides,
  };
}

/** A repository double: versions and rows per user, and a count of full loads. */
export class FakeNetworkRepository {
  loads = 0;
  versionReads = 0;
  readonly networks = new Map<number, NetworkRows>();

  async findVersion(userId: number): Promise<string> {
    this.versionReads += 1;
    return this.networks.get(userId)?.version ?? '0';
  }

  async countNetwork(userId: number): Promise<{ people: number; links: number }> {
    return { people: this.networks.get(userId)?.connections.length ?? 0, links: 0 };
  }

  async findNetwork(userId: number): Promise<NetworkRows> {
    this.loads += 1;
    await Promise.resolve();
    return this.networks.get(userId) ?? { version: '0', connections: [] };
  }
}
