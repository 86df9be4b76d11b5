import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  directImportContracts,
  importChangesContracts,
  networkImportContracts,
  type CommitImportReply,
  type ImportChangesPage,
  type OpenImportReply,
  type MetaOf,
  type ReplyOf,
  type RequestOf,
  type ResultPage,
} from '@warmpath/contracts';
import { BusClient, BusServer, HandleRequest, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import { CompanyLinksRepository } from './company-links.repository.js';
import { DirectImportSessions } from './direct-import.sessions.js';
import { ImportChangesRepository } from './import-changes.repository.js';
import { ImportMergeRepository } from './import-merge.repository.js';
import { ImportResultRepository } from './import-result.repository.js';
import { StagingRepository } from './staging.repository.js';

type DirectContracts = ReturnType<typeof directImportContracts>;
type DirectStageMeta = MetaOf<DirectContracts['stageRows']>;
type DirectCommitRequest = RequestOf<DirectContracts['commit']>;

/** Staged rows of an import that never committed are dropped after this long. */
const STALE_STAGING_HOURS = 24;
const JANITOR_INTERVAL_MS = 60 * 60 * 1000;

/** The network service's side of an import (docs/import.md): it owns every write to the network schema. */
@Injectable()
export class ImportWritesHandler implements OnApplicationBootstrap, OnApplicationShutdown {
  private janitor: NodeJS.Timeout | undefined;

  constructor(
    private readonly staging: StagingRepository,
    private readonly merges: ImportMergeRepository,
    private readonly links: CompanyLinksRepository,
    private readonly results: ImportResultRepository,
    private readonly changes: ImportChangesRepository,
    private readonly direct: DirectImportSessions,
    private readonly bus: BusClient,
    private readonly busServer: BusServer,
    private readonly pointers: SnapshotPointerStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () =>
      void this.staging
        .discardOlderThan(STALE_STAGING_HOURS)
        .then((rows) => rows && this.logger.info({ rows }, 'dropped stale staged import rows'))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'stale staging sweep failed'));
    sweep();
    this.janitor = setInterval(sweep, JANITOR_INTERVAL_MS).unref();
    // This instance's own subjects for the direct imports it holds.
    const direct = directImportContracts(this.direct.instance);
    this.busServer.register(direct.stageRows, (meta, body) => {
      const { importId, userId, attempt, rowCount } = meta as DirectStageMeta;
      return this.direct
        .stage({ importId, userId, attempt }, rowCount, body as Uint8Array)
        .then((staged) => ({ staged }));
    });
    this.busServer.register(direct.commit, (request) => this.commitDirect(request as DirectCommitRequest));
    this.busServer.register(direct.abort, async (request) => ({
      aborted: await this.direct.abort(request as { importId: string; attempt: number }),
    }));
  }

  onApplicationShutdown(): void {
    clearInterval(this.janitor);
  }

  @HandleRequest(networkImportContracts.stageRows)
  async stageRows(
    meta: MetaOf<typeof networkImportContracts.stageRows>,
    copyText: Uint8Array,
  ): Promise<{ staged: number }> {
    return {
      staged: await this.staging.stageRows(meta.importId, meta.attempt, meta.rowCount, copyText),
    };
  }

  @HandleRequest(networkImportContracts.openImport)
  openImport(request: RequestOf<typeof networkImportContracts.openImport>): Promise<OpenImportReply> {
    return this.direct.open(request);
  }

  private async commitDirect(request: DirectCommitRequest): Promise<CommitImportReply> {
    const started = Date.now();
    const reply = await this.direct.commit(request);
    await this.pointers.bump(request.userId);
    this.logger.info(
      { importId: request.importId, ms: Date.now() - started, direct: true, ...reply },
      'import merged',
    );
    return reply;
  }

  @HandleRequest(networkImportContracts.commit)
  async commit(request: RequestOf<typeof networkImportContracts.commit>): Promise<CommitImportReply> {
    const started = Date.now();
    const reply = await this.merges.commit(request);
    // After the commit, before the answer (a retry answers the same and bumps again: harmless).
    await this.pointers.bump(request.userId);
    const { timings, ...counts } = reply;
    this.logger.info(
      { importId: request.importId, ms: Date.now() - started, ...counts, ...timings },
      'import merged',
    );
    return counts;
  }

  @HandleRequest(networkImportContracts.link)
  async link(
    request: RequestOf<typeof networkImportContracts.link>,
  ): Promise<ReplyOf<typeof networkImportContracts.link>> {
    const started = Date.now();
    const result = await this.links.relink(request.importId, request.userId, request.pastCompanyKeys ?? null);
    await this.pointers.bump(request.userId);
    this.logger.info(
      { importId: request.importId, ms: Date.now() - started, ...result.timings },
      'import relinked',
    );
    // A retry that finds the links already made has nothing new to announce.
    if (result.linkedNow) {
      this.bus.publish(networkImportContracts.importCompleted, {
        importId: request.importId,
        userId: request.userId,
        version: result.version,
        inserted: result.inserted,
        updated: result.updated,
        relationships: result.relationships,
      });
    }
    return { relationships: result.relationships, version: result.version };
  }

  @HandleRequest(networkImportContracts.discard)
  async discard(request: RequestOf<typeof networkImportContracts.discard>): Promise<{ discarded: number }> {
    return { discarded: await this.staging.discard(request.importId) };
  }

  @HandleRequest(importChangesContracts.listChanges)
  listChanges(request: RequestOf<typeof importChangesContracts.listChanges>): Promise<ImportChangesPage> {
    return this.changes.page(request);
  }

  @HandleRequest(networkImportContracts.resultPage)
  resultPage(request: RequestOf<typeof networkImportContracts.resultPage>): Promise<ResultPage> {
    return this.results.page(request.userId, request.cursor, new Date(), request.maxConnections);
  }
}
