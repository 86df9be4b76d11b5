import { INTRO_FIELD_MAX_CHARS } from '@warmpath/contracts';

// C0/C1 controls, plus zero-width and bidi-override characters that can hide or reorder text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// The same, minus the line feed an intro keeps between paragraphs.
const INVISIBLE_BUT_NEWLINE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A CSV-sourced field as one clean line: no control characters, single spaces, capped. */
export function cleanField(value: string | null | undefined): string {
  if (!value) return '';
  return value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim().slice(0, INTRO_FIELD_MAX_CHARS).trim();
}

/** First word of a cleaned name, for greetings and sign-offs. */
export function firstNameOf(name: string): string {
  return name.split(' ')[0] ?? '';
}

/**
 * A model's answer as plain text we can show: newlines normalised, control characters removed,
 * at most one blank line in a row, trimmed, and capped at a sentence boundary when too long.
 */
export function cleanIntroText(text: string, maxChars: number): string {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE_BUT_NEWLINE, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return capAtSentence(cleaned, maxChars);
}

/** Cuts after the last full sentence that fits; falls back to the last whole word plus an ellipsis. */
export function capAtSentence(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  let cut = -1;
  for (const match of head.matchAll(/[.!?](?=\s|$)/g)) cut = match.index + 1;
  // A sentence end in the first half would throw away most of the message: cut at a word instead.
  if (cut >= maxChars / 2) return head.slice(0, cut).trim();
  const word = head.slice(0, maxChars - 1).replace(/\s+\S*$/, '');
  return `${word.trimEnd()}…`;
}
