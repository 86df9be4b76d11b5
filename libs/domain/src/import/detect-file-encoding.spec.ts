import { describe, expect, it } from '@jest/globals';
import { detectFileEncoding } from './detect-file-encoding.js';

const HEADER =
  'First Name,Last Name,URL,Email Address,Company,Position,Connected On\r\nAna,Silva,,,Acme,CTO,24 Nov 2023\r\n';

function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const bytes: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (endian === 'le') bytes.push(code & 0xff, code >> 8);
    else bytes.push(code >> 8, code & 0xff);
  }
  return Uint8Array.from(bytes);
}

describe('detectFileEncoding', () => {
  it('reads plain UTF-8 text as utf8 without a byte-order mark', () => {
    expect(detectFileEncoding(new TextEncoder().encode(HEADER))).toEqual({ encoding: 'utf8', hasBom: false });
  });

  it('reads accented UTF-8 text as utf8', () => {
    expect(detectFileEncoding(new TextEncoder().encode('José,Gonçalves,Société Générale\n'))).toEqual({
      encoding: 'utf8',
      hasBom: false,
    });
  });

  it('sees the UTF-8 byte-order mark', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(HEADER)]);
    expect(detectFileEncoding(bytes)).toEqual({ encoding: 'utf8', hasBom: true });
  });

  it('sees UTF-16 by its byte-order mark', () => {
    expect(detectFileEncoding(utf16(HEADER, 'le', true))).toEqual({ encoding: 'utf16le', hasBom: true });
    expect(detectFileEncoding(utf16(HEADER, 'be', true))).toEqual({ encoding: 'utf16be', hasBom: true });
  });

  it('sees UTF-16 without a byte-order mark by its alternating NUL bytes, not as binary', () => {
    expect(detectFileEncoding(utf16(HEADER, 'le', false))).toEqual({ encoding: 'utf16le', hasBom: false });
    expect(detectFileEncoding(utf16(HEADER, 'be', false))).toEqual({ encoding: 'utf16be', hasBom: false });
  });

  it('takes an Excel workbook (a zip) for binary', () => {
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    expect(detectFileEncoding(xlsx).encoding).toBe('binary');
  });

  it('takes a PDF for binary', () => {
    expect(detectFileEncoding(new TextEncoder().encode('%PDF-1.7\n%abc')).encoding).toBe('binary');
  });

  it('takes bytes with NULs in no regular pattern for binary', () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i % 7 === 0 ? 0 : 65 + (i % 26)));
    expect(detectFileEncoding(bytes).encoding).toBe('binary');
  });

  it('takes text with a few NUL bytes in its fields for text (the rows holding them are skipped later)', () => {
    const text = new TextEncoder().encode(`${'First Name,Last Name\nAna,Silva\n'.repeat(20)}Ben,Ok`);
    text[40] = 0;
    text[90] = 0;
    expect(detectFileEncoding(text)).toEqual({ encoding: 'utf8', hasBom: false });
  });

  it('takes a file ending in a run of NUL bytes (a truncated download) for text', () => {
    const text = new TextEncoder().encode('First Name,Last Name\nAna,Silva\n');
    const file = new Uint8Array(text.length + 3000);
    file.set(text);
    expect(detectFileEncoding(file)).toEqual({ encoding: 'utf8', hasBom: false });
  });

  it('takes text full of control characters for binary', () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41));
    expect(detectFileEncoding(bytes).encoding).toBe('binary');
  });

  it('treats an empty head as utf8 (emptiness is reported separately)', () => {
    expect(detectFileEncoding(new Uint8Array(0))).toEqual({ encoding: 'utf8', hasBom: false });
  });
});
