import { Injectable } from '@nestjs/common';
import type { Connection, ImportResult, Relationship, StagedRow } from '@warmpath/contracts';
import { computeYearsConnected, generateCompanyLinks, positionInfo } from '@warmpath/domain';
import { currentDeadline, invalid, ServiceError } from '@warmpath/server-kit';
import { permanentFailureOf } from '../csv/import-failure.js';
import { newReadStats, readConnectionBatches } from '../csv/read-connections.js';
import { UploadStore } from '../uploads/upload-store.js';

/** The anonymous visitor's own node: nobody is signed in, so it has no account behind it. */
const ANONYMOUS_USER_ID = 0;
/** Objects of this many people per JSON chunk keep the preview's writing memory flat. */
const PEOPLE_PER_CHUNK = 500;
/**
 * The most rows an anonymous preview reads: LinkedIn's own maximum of connections. It bounds the
 * answer (~25 MB of JSON at 30,000) and the worker's memory per preview (docs/security.md).
 */
export const PREVIEW_MAX_ROWS = 30_000;
export const PREVIEW_TOO_MANY_ROWS =
  "This file has more than 30,000 connections, LinkedIn's maximum. Sign in to import it.";
/**
 * Previews built at once by one worker; more wait their turn (within the gateway's wait). Each
 * holds its people and links in memory, so this is what keeps parallel previews under the
 * worker's memory limit.
 */
const PREVIEWS_AT_ONCE = 2;

export interface PreviewReply {
  resultObject: string;
  connections: number;
  relationships: number;
}

/**
 * POST /api/network/import for visitors who are not signed in: the file is read with exactly the
 * rules of a real import and answered as an Import result, and nothing is stored (the result goes
 * back through the upload bucket only because it may exceed a NATS message; the gateway deletes it).
 */
@Injectable()
export class PreviewService {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly uploads: UploadStore) {}

  async preview(objectName: string, fileName: string, now = new Date()): Promise<PreviewReply> {
    const deadline = currentDeadline();
    if (this.running < PREVIEWS_AT_ONCE) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over
    try {
      // The gateway has answered 504 already: nobody would read this preview.
      if (deadline !== undefined && Date.now() >= deadline)
        throw new ServiceError('SERVICE_TIMEOUT', 'The preview waited too long to start; please try again.');
      return await this.build(objectName, fileName, now);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private async build(objectName: string, fileName: string, now: Date): Promise<PreviewReply> {
    const people = await this.readPeople(objectName, fileName, now);
    const links = generateCompanyLinks(
      people.map(({ id, company, position }) => ({ id, company, position })),
    );
    const createdAt = now.toISOString();
    const relationships: Relationship[] = links.map((link, index) => ({
      id: `r${index + 1}`,
      sourceId: link.sourceId,
      targetId: link.targetId,
      strength: link.strength,
      createdAt,
      type: link.type,
      company: link.company,
      userId: ANONYMOUS_USER_ID,
    }));
    const result: ImportResult = { connections: [ownNode(createdAt), ...people], relationships };
    const resultObject = `${objectName}.result.json`;
    await this.uploads.write(resultObject, writeJson(result));
    return { resultObject, connections: result.connections.length, relationships: relationships.length };
  }

  /** One node per person, the last line of a person winning, as an import would store them. */
  private async readPeople(objectName: string, fileName: string, now: Date): Promise<Connection[]> {
    const byKey = new Map<string, StagedRow>();
    const stats = newReadStats();
    try {
      const batches = readConnectionBatches(await this.uploads.readConnections(objectName, fileName), {
        stats,
        now,
        reopen: () => this.uploads.readConnections(objectName, fileName),
      });
      for await (const batch of batches) {
        if (stats.rowsRead > PREVIEW_MAX_ROWS) throw invalid(PREVIEW_TOO_MANY_ROWS);
        for (const row of batch) byKey.set(row[1], row);
      }
      // Rows past the cap that were all skipped never came in a batch.
      if (stats.rowsRead > PREVIEW_MAX_ROWS) throw invalid(PREVIEW_TOO_MANY_ROWS);
    } catch (error) {
      const failure = permanentFailureOf(error);
      throw failure ? invalid(failure.message) : error;
    }
    const createdAt = now.toISOString();
    return [...byKey.values()].map((row) => previewConnection(row, now, createdAt));
  }
}

function previewConnection(row: StagedRow, now: Date, createdAt: string): Connection {
  const [
    line,
    ,
    ,
    firstName,
    lastName,
    email,
    linkedinUrl,
    company,
    ,
    position,
    connectedOn,
    industry,
    location,
    category,
    seniority,
  ] = row;
  return {
    id: `p${line}`,
    userId: ANONYMOUS_USER_ID,
    firstName,
    lastName,
    company,
    position,
    email,
    linkedinUrl,
    avatarUrl: null,
    notes: null,
    industry,
    location,
    connectionDegree: 1,
    yearsConnected: computeYearsConnected(connectedOn, now),
    connectedOn,
    createdAt,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: { category, seniority },
    knownBy: [ANONYMOUS_USER_ID],
  };
}

function ownNode(createdAt: string): Connection {
  return {
    id: `u${ANONYMOUS_USER_ID}`,
    userId: ANONYMOUS_USER_ID,
    firstName: 'You',
    lastName: '',
    company: null,
    position: null,
    email: null,
    linkedinUrl: null,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 0,
    yearsConnected: null,
    connectedOn: null,
    createdAt,
    isUser: true,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: positionInfo(null),
    knownBy: [],
  };
}

/** The result as JSON text, a few hundred items at a time. */
export function* writeJson(result: ImportResult): Generator<string> {
  yield* writeArray('{"connections":', result.connections);
  yield* writeArray(',"relationships":', result.relationships);
  yield '}';
}

function* writeArray(prefix: string, items: readonly unknown[]): Generator<string> {
  yield `${prefix}[`;
  for (let start = 0; start < items.length; start += PEOPLE_PER_CHUNK) {
    const chunk = items.slice(start, start + PEOPLE_PER_CHUNK).map((item) => JSON.stringify(item));
    yield `${start > 0 ? ',' : ''}${chunk.join(',')}`;
  }
  yield ']';
}
