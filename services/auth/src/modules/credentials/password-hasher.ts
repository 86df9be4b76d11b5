import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { AuthConfig } from '../../config/auth.config.js';
import { HashingGate } from './hashing-gate.js';

/** node:crypto's async scrypt runs in libuv's thread pool, never on the event loop. */
const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const KEY_LENGTH = 32;

/** scrypt hashes, self-describing (`scrypt$logN$r$p$salt$hash`) so the cost can rise later. */
@Injectable()
export class PasswordHasher {
  private readonly logN: number;
  /** Verified when the username does not exist, so a miss costs as much time as a wrong password. */
  private dummyHash: Promise<string> | undefined;
  private readonly gate: HashingGate;

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.logN = config.SCRYPT_LOG_N;
    this.gate = new HashingGate(config.PASSWORD_HASH_CONCURRENCY, config.PASSWORD_HASH_QUEUE);
  }

  hash(password: string): Promise<string> {
    return this.gate.run(() => this.hashNow(password));
  }

  /** Outside the gate: only for the dummy hash, computed once (a refusal must not be cached). */
  private async hashNow(password: string): Promise<string> {
    const salt = randomBytes(16);
    const r = 8;
    const p = 1;
    const key = await scryptAsync(password, salt, KEY_LENGTH, {
      N: 2 ** this.logN,
      r,
      p,
      maxmem: 256 * 1024 * 1024,
    });
    return ['scrypt', this.logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    const encoded = stored ?? (await (this.dummyHash ??= this.hashNow('dummy password for timing')));
    const [scheme, logN, r, p, salt, hash] = encoded.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const key = await this.gate.run(() =>
      scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
        N: 2 ** Number(logN),
        r: Number(r),
        p: Number(p),
        maxmem: 256 * 1024 * 1024,
      }),
    );
    return timingSafeEqual(key, expected) && stored !== null;
  }
}
