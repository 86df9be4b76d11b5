import { describe, expect, it } from '@jest/globals';
import { findPathQuerySchema } from './network-path.contract.js';

describe('findPathQuerySchema', () => {
  it('takes a stored connection or a user node, and an optional workspace id from the query string', () => {
    expect(findPathQuerySchema.parse({ to: '42' })).toEqual({ to: '42' });
    expect(findPathQuerySchema.parse({ to: 'u7', workspaceId: '3' })).toEqual({ to: 'u7', workspaceId: 3 });
  });

  it.each([
    [{}, 'to is required'],
    [{ to: 'abc' }, 'to must be a connection id'],
    [{ to: '1', workspaceId: 'x' }, 'workspaceId must be a number'],
  ])('refuses %j with "%s"', (query, message) => {
    expect(findPathQuerySchema.safeParse(query).error?.issues[0]?.message).toBe(message);
  });
});
