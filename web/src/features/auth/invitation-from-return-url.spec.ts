import { describe, expect, it } from 'vitest';
import { invitationFromReturnUrl } from './invitation-from-return-url';

describe('invitationFromReturnUrl', () => {
  it('reads the token of an invitation link', () => {
    expect(invitationFromReturnUrl('/join/tok_abc-DEF_123')).toBe('tok_abc-DEF_123');
  });

  it('reads it with a trailing slash or a query, decoded', () => {
    expect(invitationFromReturnUrl('/join/a%2Bb/')).toBe('a+b');
    expect(invitationFromReturnUrl('/join/abc?x=1')).toBe('abc');
  });

  it.each(['/', '/join', '/join/', '/workspaces/3', '/join/abc/extra', '/x/join/abc', '/join/%E0%A4%A'])(
    'finds no invitation in %j',
    (returnUrl) => {
      expect(invitationFromReturnUrl(returnUrl)).toBeUndefined();
    },
  );
});
