import { describe, expect, it } from '@jest/globals';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import type { NotesRepository } from './notes.repository.js';
import { CONNECTION_NOT_FOUND, NotesService } from './notes.service.js';

const service = (row: ReturnType<typeof buildConnectionRow> | null) =>
  new NotesService({ updateNotes: async () => row } as unknown as NotesRepository);

describe('NotesService', () => {
  it('answers the updated connection as a graph node', async () => {
    const node = await service(buildConnectionRow({ id: '4', notes: 'hello' })).update(7, '4', 'hello');
    expect(node).toMatchObject({ id: '4', notes: 'hello', connectionDegree: 1, knownBy: [7] });
  });

  it('is NOT_FOUND when the user has no such connection (someone else\'s included)', async () => {
    await expect(service(null).update(7, '4', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND', message: CONNECTION_NOT_FOUND });
  });
});
