/**
 * Snapshot bytes by (key, encoding), least recently used first out, bounded in bytes. Snapshot keys
 * never change content (see networkSnapshotKey), so nothing here can be stale: a hot network is read
 * from Redis once per gateway, not once per request.
 */
export class SnapshotBytesCache {
  private readonly entries = new Map<string, Buffer>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.size -= previous.length;
    }
    this.entries.set(key, bytes);
    this.size += bytes.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.size -= oldest.length;
    }
  }

  get bytes(): number {
    return this.size;
  }
}
