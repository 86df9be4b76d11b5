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

  add(listener: ImportListener): void {
    this.listeners.push(listener);
  }

  async notify(userId: number): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }
}
