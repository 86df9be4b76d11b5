import { describe, expect, it } from '@jest/globals';
import { COMPACT_NETWORK_MEDIA_TYPE } from '@warmpath/contracts';
import { chooseEncoding, chooseRepresentation, etagMatches } from './content-negotiation.js';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['GZIP', 'gzip'],
    ['gzip;q=abc', 'identity'],
    ['', 'identity'],
  ])('answers %j with %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it('reads no header as identity and a repeated header as one list', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding(['deflate', 'gzip'])).toBe('gzip');
  });

  it('prefers brotli when both are equally welcome', () => {
    expect(chooseEncoding('gzip;q=0.8, br;q=0.8')).toBe('br');
  });
});

describe('chooseRepresentation', () => {
  const compact = COMPACT_NETWORK_MEDIA_TYPE;
  it.each([
    [compact, 'compact'],
    [`${compact}, application/json;q=0.9`, 'compact'],
    [`application/json, ${compact}`, 'compact'],
    [`${compact};q=0.5, application/json`, 'json'],
    [`${compact};q=0`, 'json'],
    [`${compact.toUpperCase()}`, 'compact'],
    ['application/vnd.warmpath.network.v2+json, application/json;q=0.9', 'json'],
    ['application/json', 'json'],
    ['*/*', 'json'],
    ['', 'json'],
  ])('answers %j with %s', (header, representation) => {
    expect(chooseRepresentation(header)).toBe(representation);
  });

  it('reads no header as JSON, the default', () => {
    expect(chooseRepresentation(undefined)).toBe('json');
  });
});

describe('etagMatches', () => {
  const etag = 'W/"abc"';

  it('matches the same tag, weak or strong, alone or in a list', () => {
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"zzz", W/"abc"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });

  it('does not match another tag or no header', () => {
    expect(etagMatches('W/"abd"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});
