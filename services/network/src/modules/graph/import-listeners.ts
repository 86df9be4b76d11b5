import { Injectable } from '@nestjs/common';

export type ImportListener = (userId: number) => Promise<void>;

/**
 * Others in this service who react to a member's finished import (the pooled workspace graphs).
 * network.import.completed reaches one handler per service (its queue group), GraphHandler's, which
 * tells them here.
 */
@Injectable()
export class ImportListeners {
  private readonly listeners: ImportListener[] = [];
  private readonly first: ImportListener[] = [];

  add(listener: ImportListener): void {
    this.listeners.push(listener);
  }

  /**
   * What readers wait on before anything else the import makes (the workspaces' shared builds,
   * which their list index needs): run before the importer's own snapshot (docs/targets.md,
   * "Through the running stack").
   */
  addFirst(listener: ImportListener): void {
    this.first.push(listener);
  }

  async notifyFirst(userId: number): Promise<void> {
    for (const listener of this.first) await listener(userId);
  }

  async notify(userId: number): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }
}
