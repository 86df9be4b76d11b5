import { describe, expect, it } from '@jest/globals';
import { capAtSentence, cleanField, cleanIntroText } from './intro-text.js';

describe('cleanField', () => {
  it('turns null, control characters and runs of spaces into one clean line', () => {
    expect(cleanField(null)).toBe('');
    expect(cleanField('  Ana\t\u0000Silva\r\n\u200b ')).toBe('Ana Silva');
  });
});

describe('cleanIntroText', () => {
  it('keeps paragraphs, drops control characters and extra blank lines', () => {
    expect(cleanIntroText('  Hi Ana,\r\n\r\n\r\n\r\nThanks\u0007 a lot!  \n', 100)).toBe(
      'Hi Ana,\n\nThanks a lot!',
    );
  });
});

describe('capAtSentence', () => {
  const text = 'First sentence here. Second one is longer than the first. Third!';

  it('leaves a short text alone', () => {
    expect(capAtSentence(text, 200)).toBe(text);
  });

  it('cuts after the last sentence that fits', () => {
    expect(capAtSentence(text, 60)).toBe('First sentence here. Second one is longer than the first.');
  });

  it('cuts at a word with an ellipsis when no sentence ends in the second half', () => {
    const cut = capAtSentence('one two three four five six seven eight nine ten', 20);
    expect(cut).toBe('one two three four…');
    expect(cut.length).toBeLessThanOrEqual(20);
  });
});
