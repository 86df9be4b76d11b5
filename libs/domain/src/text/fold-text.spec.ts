import { describe, expect, it } from '@jest/globals';
import { WordList, foldCase, toWords } from './fold-text.js';

describe('foldCase', () => {
  it('removes accents and lowers the case', () => {
    expect(foldCase('Société Générale')).toBe('societe generale');
    expect(foldCase('ACME')).toBe('acme');
  });
});

describe('toWords', () => {
  it('splits on punctuation so hyphenated and dotted words become separate words', () => {
    expect(toWords('CEO & Co-Founder, Sr.')).toEqual({
      list: ['ceo', 'co', 'founder', 'sr'],
      padded: ' ceo co founder sr ',
    });
  });

  it('gives no words for empty or missing text', () => {
    expect(toWords('').list).toEqual([]);
    expect(toWords(null).list).toEqual([]);
    expect(toWords(' - ').list).toEqual([]);
  });
});

describe('WordList', () => {
  const list = new WordList(['cto', 'vice president']);

  it('matches whole words only', () => {
    expect(list.isIn(toWords('Doctor'))).toBe(false);
    expect(list.isIn(toWords('CTO'))).toBe(true);
  });

  it('matches phrases as consecutive words', () => {
    expect(list.isIn(toWords('Vice-President, Affairs'))).toBe(true);
    expect(list.isIn(toWords('Vice Chair, President'))).toBe(false);
  });
});
