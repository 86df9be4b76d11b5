import { describe, expect, it } from '@jest/globals';
import { normaliseProfileUrl } from './normalise-profile-url.js';

describe('normaliseProfileUrl', () => {
  it.each([
    'https://www.linkedin.com/in/ana-silva',
    'https://www.linkedin.com/in/ana-silva/',
    'http://linkedin.com/in/Ana-Silva',
    'https://uk.linkedin.com/in/ana-silva?trk=people',
    'https://www.linkedin.com/in/ana-silva/details/experience/#top',
    'www.linkedin.com/in/ana-silva',
    '  https://WWW.LINKEDIN.COM/in/ANA-SILVA  ',
  ])('turns "%s" into the canonical profile URL', (url) => {
    expect(normaliseProfileUrl(url)).toBe('https://www.linkedin.com/in/ana-silva');
  });

  it('gives the same URL for an accented slug typed or percent-encoded', () => {
    expect(normaliseProfileUrl('https://www.linkedin.com/in/josé')).toBe(
      normaliseProfileUrl('https://www.linkedin.com/in/jos%C3%A9'),
    );
  });

  it('keeps other addresses, lower-cased, without query, fragment or trailing slash', () => {
    expect(normaliseProfileUrl('https://Example.com/People/Ana/?ref=x#bio')).toBe(
      'https://example.com/people/ana',
    );
    expect(normaliseProfileUrl('https://www.linkedin.com/company/acme/')).toBe(
      'https://www.linkedin.com/company/acme',
    );
  });

  it('gives null for what is not a web address', () => {
    expect(normaliseProfileUrl('')).toBeNull();
    expect(normaliseProfileUrl(null)).toBeNull();
    expect(normaliseProfileUrl('Ana Silva')).toBeNull();
    expect(normaliseProfileUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseProfileUrl('mailto:ana@example.com')).toBeNull();
  });
});
