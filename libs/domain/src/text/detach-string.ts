/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 keeps a substring
 * (a CSV cell, a trimmed or lower-cased cell, a template that embeds one) as a view into its
 * parent: a key kept in a Map from a 64 KB chunk of a file keeps the whole chunk alive. Readers
 * that keep keys for the length of a file (conversation ids, profile URLs of messages.csv) keep
 * copies instead, so their memory grows with what they keep, not with the file's size
 * (docs/warmth.md#reading-it).
 */
export function detachString(text: string): string {
  // Encoding and decoding builds a new flat string in every engine; a few hundred ns a key.
  return textDecoder.decode(textEncoder.encode(text));
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();
