import { describe, expect, it } from '@jest/globals';
import { byTextId } from './network.repository.js';

describe('byTextId', () => {
  it('orders rows by the decimal text of their id, as Postgres ordered the id::text column', () => {
    const ids = ['100', '9', '10', '11', '1', '99'];
    const rows = ids.map((id) => ({ id }));
    expect(rows.sort(byTextId).map((row) => row.id)).toEqual(['1', '10', '100', '11', '9', '99']);
  });
});
