import { Injectable } from '@nestjs/common';
import type { Connection, ImportResult, Relationship, StagedRow } from '@warmpath/contracts';
import { computeYearsConnected, generateCompanyLinks, positionInfo } from '@warmpath/domain';
import { invalid } from '@warmpath/server-kit';
import { permanentFailureOf } from '../csv/import-failure.js';
import { newReadStats, readConnectionBatches } from '../csv/read-connections.js';
import { UploadStore } from '../uploads/upload-store.js';

/** The anonymous visitor's own node: nobody is signed in, so it has no account behind it. */
const ANONYMOUS_USER_ID = 0;
/** Objects of this many people per JSON chunk keep the preview's writing memory flat. */
const PEOPLE_PER_CHUNK = 500;

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
  constructor(private readonly uploads: UploadStore) {}

  async preview(objectName: string, fileName: string, now = new Date()): Promise<PreviewReply> {
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
    try {
      const batches = readConnectionBatches(await this.uploads.readConnections(objectName, fileName), {
        stats: newReadStats(),
        now,
        reopen: () => this.uploads.readConnections(objectName, fileName),
      });
      for await (const batch of batches) for (const row of batch) byKey.set(row[1], row);
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
