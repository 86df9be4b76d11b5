import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { INTRO_MESSAGES } from './intro.exception.js';
import { readIntroAnswer } from './model-answer.js';

const completion = (content: unknown) => ({
  choices: [{ index: 0, message: { role: 'assistant', content } }],
});

function unusable(answer: unknown): ServiceError {
  try {
    readIntroAnswer(answer, 1200);
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the answer to be refused');
}

describe('readIntroAnswer', () => {
  it('returns the trimmed text of the first choice', () => {
    expect(readIntroAnswer(completion('  Hi Ana,\n\nCould you introduce me to Ben?  '), 1200)).toBe(
      'Hi Ana,\n\nCould you introduce me to Ben?',
    );
  });

  it('caps a long answer at a sentence boundary', () => {
    const intro = readIntroAnswer(completion('This sentence is exactly forty chars ok. '.repeat(100)), 1200);
    expect(intro.length).toBeLessThanOrEqual(1200);
    expect(intro.endsWith('ok.')).toBe(true);
  });

  it.each([
    ['no choices', { choices: [] }],
    ['no content', completion(null)],
    ['empty content', completion('   \n ')],
    ['a word, not an intro', completion('OK')],
    ['only punctuation', completion('....................!!!!')],
    ['not an object', 'Hi Ana'],
  ])('refuses %s as an unusable answer (502)', (_name, answer) => {
    const error = unusable(answer);
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(INTRO_MESSAGES.unusable);
  });
});
