import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './safe-return-url';

describe('safeReturnUrl', () => {
  it('keeps a path of this app', () => {
    expect(safeReturnUrl('/profile?tab=1')).toBe('/profile?tab=1');
  });

  it.each(['https://evil.example', '//evil.example/x', 'javascript:alert(1)', null, ''])(
    'sends %j to the dashboard instead',
    (value) => {
      expect(safeReturnUrl(value)).toBe('/');
    },
  );
});
