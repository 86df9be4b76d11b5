import { Injectable } from '@nestjs/common';
import {
  teamsEvents,
  WORKSPACE_NOT_FOUND,
  type CreateWorkspaceRequest,
  type Workspace,
} from '@warmpath/contracts';
import { BusClient, notFound } from '@warmpath/server-kit';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { isStoredId, WorkspaceAccess } from '../access/workspace-access.js';
import { toWorkspace } from './workspace.mapper.js';
import { WorkspacesRepository } from './workspaces.repository.js';

/** Creating, reading and deleting workspaces. Events go out after the change is committed. */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly bus: BusClient,
  ) {}

  /** The creator is the owner; nothing in the request can name anyone else. */
  async createWorkspace(userId: number, request: CreateWorkspaceRequest): Promise<Workspace> {
    const { workspace, owner } = await this.workspaces.createWithOwner(userId, {
      name: request.name,
      description: request.description,
    });
    const createdAt = workspace.createdAt.toISOString();
    this.bus.publish(teamsEvents.workspaceCreated, { teamId: workspace.id, ownerId: userId, createdAt });
    this.bus.publish(teamsEvents.memberJoined, {
      teamId: workspace.id,
      userId,
      role: 'owner',
      joinedAt: owner.joinedAt.toISOString(),
      via: 'created',
    });
    return this.getWorkspace(workspace.id, userId);
  }

  async listWorkspaces(userId: number): Promise<Workspace[]> {
    const rows = await this.workspaces.findWorkspacesOfMember(userId);
    const owners = await this.profiles.profilesOf(rows.map((row) => row.createdById));
    return rows.map((row) => toWorkspace(row, nameOf(owners.get(row.createdById))));
  }

  async getWorkspace(teamId: number, userId: number): Promise<Workspace> {
    const row = isStoredId(teamId) ? await this.workspaces.findWorkspaceOfMember(teamId, userId) : null;
    if (!row) throw notFound(WORKSPACE_NOT_FOUND);
    return toWorkspace(row, nameOf(await this.profiles.profileOf(row.createdById)));
  }

  async deleteWorkspace(teamId: number, userId: number): Promise<{ deleted: true }> {
    await this.access.allowedTo('deleteWorkspace', teamId, userId);
    const memberIds = await this.workspaces.deleteWorkspace(teamId);
    this.bus.publish(teamsEvents.workspaceDeleted, {
      teamId,
      memberIds,
      deletedAt: new Date().toISOString(),
    });
    return { deleted: true };
  }
}
