import { describe, expect, it } from '@jest/globals';
import { detachString } from './detach-string.js';

describe('detachString', () => {
  it.each([
    ['https://www.linkedin.com/in/ana-lima'],
    ['2-YjE4ZDg5NjUtNDFlMS00ZTNkLWI5NDEtMmM4ZGI1ZWQ4NmJhXzAxMA=='],
    ['Zoë Ångström 🎉'],
    [''],
  ])('copies %j with the same text', (text) => {
    const chunk = `header,${text},trailer`;
    const cut = chunk.slice(7, 7 + text.length);
    expect(detachString(cut)).toBe(text);
  });
});
