import { Injectable } from '@nestjs/common';
import {
  BULK_MESSAGES,
  bulkEvents,
  bulkImportsContracts,
  importsContracts,
  isTerminalImportState,
  networkSourceContracts,
  sourceEmailSchema,
  sourceLabel,
  sourceNameSchema,
  type BulkFileInput,
  type BulkImport,
  type ClaimedSource,
  type ImportStatus,
  type WorkspaceSource,
} from '@warmpath/contracts';
import { sourceNameKey, sourceOwnerId, toBulkFile, type FileRecord } from '@warmpath/domain';
import { BusClient, conflict, forbidden, notFound, ServiceError } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import { ProfilesClient } from '../access/profiles.client.js';
import { isStoredId, WorkspaceAccess } from '../access/workspace-access.js';

import { SourcesRepository, type Source } from './sources.repository.js';

/** Who asks, in which workspace: the first argument of every method that acts in a workspace. */
export interface WorkspaceCaller {
  workspaceId: number;
  userId: number;
}

/**
 * Uploaded exports of a workspace (docs/workspace-sources.md): a bulk records its files, makes
 * each the import of a source (by name: a newer export of the same person is a re-import), and
 * reads their progress from the import worker. Sources are pooled by the network service.
 */
@Injectable()
export class SourcesService {
  constructor(
    private readonly sources: SourcesRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly bus: BusClient,
  ) {}

  async checkManage(caller: WorkspaceCaller): Promise<{ allowed: true }> {
    await this.allowedToManage(caller);
    return { allowed: true };
  }

  async createBulk(caller: WorkspaceCaller, bulkId: string, files: BulkFileInput[]): Promise<BulkImport> {
    await this.allowedToManage(caller);
    await this.sources.createBulk(bulkId, caller.workspaceId, caller.userId);
    // Files start side by side (each an import-worker round trip); positions keep their order.
    const records = await Promise.all(files.map((file) => this.startFile(caller, file)));
    for (const [position, record] of records.entries()) {
      await this.sources.addFile(bulkId, {
        position,
        fileName: record.fileName,
        sourceName: record.sourceName,
        sourceId: record.sourceId,
        importId: record.importId,
        errorCode: record.error?.code ?? null,
        errorMessage: record.error?.message ?? null,
      });
    }
    return this.getBulk(caller.userId, bulkId);
  }

  async replaceSource(
    caller: WorkspaceCaller,
    sourceId: number,
    bulkId: string,
    file: BulkFileInput,
  ): Promise<BulkImport> {
    await this.allowedToManage(caller);
    const source = await this.sourceOf(caller.workspaceId, sourceId);
    if (await this.isImporting(source)) throw conflict(BULK_MESSAGES.sourceBusy);
    return this.createBulk(caller, bulkId, [{ ...file, sourceName: source.name, email: file.email }]);
  }

  async getBulk(userId: number, bulkId: string): Promise<BulkImport> {
    const found = await this.sources.findBulk(bulkId);
    if (!found) throw notFound(BULK_MESSAGES.bulkNotFound);
    // A non-member learns nothing: the same answer as for a bulk that does not exist.
    await this.access.memberOf(found.bulk.workspaceId, userId).catch(() => {
      throw notFound(BULK_MESSAGES.bulkNotFound);
    });
    const statuses = await this.statusesOf(found.files.map((file) => file.importId));
    return {
      id: found.bulk.id,
      teamId: found.bulk.workspaceId,
      createdAt: found.bulk.createdAt.toISOString(),
      files: found.files.map((file) =>
        toBulkFile(
          {
            fileName: file.fileName,
            sourceName: file.sourceName,
            sourceId: file.sourceId,
            importId: file.importId,
            error: file.errorCode ? { code: file.errorCode, message: file.errorMessage ?? '' } : null,
          },
          file.importId ? statuses.get(file.importId) : undefined,
        ),
      ),
    };
  }

  async listSources({ workspaceId, userId }: WorkspaceCaller): Promise<WorkspaceSource[]> {
    const member = await this.access.memberOf(workspaceId, userId);
    const rows = await this.sources.listSources(workspaceId);
    const manager = member.role !== 'member';
    const [statuses, caller] = await Promise.all([
      this.statusesOf(rows.map((row) => row.latestImportId)),
      this.profiles.profileOf(userId),
    ]);
    return rows.map((row) => {
      const claimable = isNamedFor(row, caller?.email);
      return {
        id: row.id,
        teamId: row.workspaceId,
        name: row.name,
        email: manager || claimable ? row.email : null,
        label: sourceLabel(row.name),
        ownerId: sourceOwnerId(row.id),
        uploadedById: row.uploadedById,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        latest: row.latestImportId
          ? toBulkFile(
              {
                fileName: row.latestFileName ?? '',
                sourceName: row.name,
                sourceId: row.id,
                importId: row.latestImportId,
                error: null,
              },
              statuses.get(row.latestImportId),
            )
          : null,
        claimable,
      };
    });
  }

  /** The pooled graph's list of sources (teams.membership.get). */
  async poolSources(workspaceId: number): Promise<{ sourceId: number; ownerId: number; name: string }[]> {
    const rows = await this.sources.listSources(workspaceId);
    return rows.map((row) => ({ sourceId: row.id, ownerId: sourceOwnerId(row.id), name: row.name }));
  }

  async deleteSource(caller: WorkspaceCaller, sourceId: number): Promise<{ deleted: true }> {
    const { workspaceId } = caller;
    await this.allowedToManage(caller);
    const source = await this.sourceOf(workspaceId, sourceId);
    // Its import would write people under an owner nobody pools or deletes any more.
    if (await this.isImporting(source)) throw conflict(BULK_MESSAGES.sourceBusy);
    // The row goes first: the pooled network stops reading the source at once, whatever follows.
    await this.sources.deleteSource(workspaceId, sourceId);
    this.bus.publish(bulkEvents.sourceChanged, { teamId: workspaceId, sourceId, change: 'deleted' });
    await this.bus.request(networkSourceContracts.deleteSource, { ownerId: sourceOwnerId(sourceId) });
    return { deleted: true };
  }

  /**
   * The member whose account e-mail the export was named with makes it their own network. Only
   * when they have none yet (CONFLICT otherwise: their own export stays theirs, nothing is
   * merged); the source then leaves the workspace's list, and they are pooled as a member.
   */
  async claimSource({ workspaceId, userId }: WorkspaceCaller, sourceId: number): Promise<ClaimedSource> {
    await this.access.memberOf(workspaceId, userId);
    const source = await this.sourceOf(workspaceId, sourceId);
    const caller = await this.profiles.profileOf(userId);
    if (!isNamedFor(source, caller?.email)) throw forbidden(BULK_MESSAGES.claimForbidden);
    const moved = await this.bus.request(networkSourceContracts.claimSource, {
      ownerId: sourceOwnerId(sourceId),
      userId,
    });
    await this.sources.deleteSource(workspaceId, sourceId);
    this.bus.publish(bulkEvents.sourceChanged, { teamId: workspaceId, sourceId, change: 'claimed' });
    return { claimed: true, people: moved.people };
  }

  private async allowedToManage({ workspaceId, userId }: WorkspaceCaller): Promise<void> {
    await this.access.allowedTo('manageSources', workspaceId, userId);
  }

  /** Whether the source's latest import is still queued or running. */
  private async isImporting(source: Pick<Source, 'latestImportId'>): Promise<boolean> {
    if (!source.latestImportId) return false;
    const status = (await this.statusesOf([source.latestImportId])).get(source.latestImportId);
    return !!status && !isTerminalImportState(status.state);
  }

  private async sourceOf(workspaceId: number, sourceId: number): Promise<Source> {
    const source = isStoredId(sourceId) ? await this.sources.findSource(workspaceId, sourceId) : null;
    if (!source) throw notFound(BULK_MESSAGES.sourceNotFound);
    return source;
  }

  /** Records one file's source and starts its import; a file that cannot start says why. */
  private async startFile(
    { workspaceId, userId }: WorkspaceCaller,
    file: BulkFileInput,
  ): Promise<FileRecord> {
    const base = {
      fileName: file.fileName,
      sourceName: file.sourceName.trim(),
      sourceId: null,
      importId: null,
    };
    if (file.error || !file.upload) return { ...base, error: file.error ?? notReceived() };
    const name = sourceNameSchema.safeParse(file.sourceName);
    if (!name.success) return this.refuse(base, file, name.error.issues[0]?.message);
    const email = file.email ? sourceEmailSchema.safeParse(file.email.trim()) : null;
    if (email && !email.success) return this.refuse(base, file, email.error.issues[0]?.message);
    // A newer export of a source still importing waits for that import: this file alone fails.
    const existing = await this.sources.findSourceByName(workspaceId, sourceNameKey(name.data));
    if (existing && (await this.isImporting(existing)))
      return {
        ...base,
        sourceName: existing.name,
        sourceId: existing.id,
        error: { code: 'SOURCE_BUSY', message: BULK_MESSAGES.sourceBusy },
      };
    const source = await this.sources.upsertSource(
      workspaceId,
      name.data,
      sourceNameKey(name.data),
      email?.data.toLowerCase() ?? null,
      userId,
    );
    const created = source.createdAt.getTime() === source.updatedAt.getTime();
    try {
      const { status } = await this.bus.request(
        importsContracts.createImport,
        {
          importId: randomUUID(),
          userId: sourceOwnerId(source.id),
          fileName: file.fileName,
          ...file.upload,
        },
        { timeoutMs: 30_000 },
      );
      await this.sources.setLatestImport(source.id, status.id, file.fileName);
      if (created)
        this.bus.publish(bulkEvents.sourceChanged, {
          teamId: workspaceId,
          sourceId: source.id,
          change: 'created',
        });
      return { ...base, sourceName: source.name, sourceId: source.id, importId: status.id, error: null };
    } catch (error) {
      const message = error instanceof ServiceError ? error.message : 'The import could not be started.';
      return {
        ...base,
        sourceName: source.name,
        sourceId: source.id,
        error: { code: 'NOT_STARTED', message },
      };
    }
  }

  private refuse(
    base: Omit<FileRecord, 'error'>,
    _file: BulkFileInput,
    message: string | undefined,
  ): FileRecord {
    return {
      ...base,
      error: { code: 'INVALID_SOURCE', message: message ?? BULK_MESSAGES.sourceNameRequired },
    };
  }

  private async statusesOf(importIds: readonly (string | null)[]): Promise<Map<string, ImportStatus>> {
    const ids = [...new Set(importIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const { imports } = await this.bus.request(bulkImportsContracts.getStatuses, { importIds: ids });
    return new Map(imports.map((status) => [status.id, status] as const));
  }
}

const notReceived = () => ({ code: 'NOT_RECEIVED', message: 'The file was not received.' });

/** A source is named for the account whose e-mail it was uploaded with (case aside). */
function isNamedFor(source: Pick<Source, 'email'>, email: string | null | undefined): boolean {
  return !!source.email && !!email && source.email.toLowerCase() === email.toLowerCase();
}
