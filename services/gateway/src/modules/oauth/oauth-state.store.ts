import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@warmpath/server-kit';
import {
  isWellFormedState,
  oauthStateRecordSchema,
  STATE_TTL_SECONDS,
  type OAuthStateRecord,
} from './oauth-state.js';

const key = (state: string) => `oauth:state:${state}`;

/** Started sign-ins in Redis (shared by every gateway replica), each usable once. */
@Injectable()
export class OAuthStateStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async save(state: string, record: OAuthStateRecord): Promise<void> {
    await this.redis.set(key(state), JSON.stringify(record), 'EX', STATE_TTL_SECONDS);
  }

  /** Reads and deletes in one step, so a state (and its code) can never be used twice. */
  async take(state: string | undefined): Promise<OAuthStateRecord | null> {
    if (!isWellFormedState(state)) return null;
    const raw = await this.redis.getdel(key(state));
    if (!raw) return null;
    const parsed = oauthStateRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }
}
