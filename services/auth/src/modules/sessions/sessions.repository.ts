import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, MoreThan, Not, Repository } from 'typeorm';
import { SessionEntity } from './session.entity.js';

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  /** Recording the same session twice (a retried request) keeps the first record. */
  async insert(session: SessionEntity): Promise<void> {
    await this.sessions.createQueryBuilder().insert().values(session).orIgnore().execute();
  }

  /** The live session of this hash: past its absolute expiry it counts as absent. */
  findLive(idHash: string, now: Date): Promise<SessionEntity | null> {
    return this.sessions.findOne({ where: { idHash, expiresAt: MoreThan(now) } });
  }

  /** Moves the last sighting forward, never back (sightings may arrive out of order). */
  async seen(idHash: string, at: Date): Promise<boolean> {
    const result = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ lastSeenAt: at })
      .where('id_hash = :idHash', { idHash })
      .andWhere('last_seen_at < :at', { at })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async delete(idHash: string): Promise<boolean> {
    return ((await this.sessions.delete({ idHash })).affected ?? 0) > 0;
  }

  async deleteOthers(userId: number, keepHash: string | null): Promise<number> {
    const where = keepHash ? { userId, idHash: Not(keepHash) } : { userId };
    return (await this.sessions.delete(where)).affected ?? 0;
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.sessions.delete({ expiresAt: LessThanOrEqual(now) })).affected ?? 0;
  }
}
