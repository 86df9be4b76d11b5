import { describe, expect, it } from '@jest/globals';
import { collectText, decodeUpload } from './decode-upload.js';

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}

const utf16be = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++)
    [bytes[i * 2], bytes[i * 2 + 1]] = [text.charCodeAt(i) >> 8, text.charCodeAt(i) & 0xff];
  return bytes;
};

describe('decodeUpload', () => {
  it('drops a UTF-8 byte-order mark and joins characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('\uFEFFJosé,Müller\n');
    const text = await collectText(decodeUpload(chunks(bytes.subarray(0, 5), bytes.subarray(5))));
    expect(text).toBe('José,Müller\n');
  });

  it('reads UTF-16 big-endian with a byte-order mark', async () => {
    expect(await collectText(decodeUpload(chunks(utf16be('\uFEFFFirst Name,Last Name\n'))))).toBe(
      'First Name,Last Name\n',
    );
  });

  it('refuses binary files before decoding anything', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    await expect(collectText(decodeUpload(chunks(pdf)))).rejects.toMatchObject({ code: 'BINARY_FILE' });
  });

  it('refuses invalid UTF-8 with its line, also past the first chunk', async () => {
    const head = new TextEncoder().encode('a,b\n'.repeat(5000));
    const bad = Uint8Array.from([0x63, 0x2c, 0xff, 0x0a]);
    await expect(collectText(decodeUpload(chunks(head, bad)))).rejects.toMatchObject({
      code: 'INVALID_UTF8',
      message: expect.stringContaining('near line 5001'),
    });
  });

  it('releases the upload stream when reading stops early', async () => {
    let released = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < 100; i++) yield new TextEncoder().encode('a,b\n'.repeat(3000));
      } finally {
        released = true;
      }
    }
    const text = decodeUpload(source());
    await text.next();
    await text.return(undefined);
    expect(released).toBe(true);
  });
});
