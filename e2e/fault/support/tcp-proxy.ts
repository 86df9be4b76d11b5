import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'pass' | 'cut' | 'blackhole' | 'slow';

/**
 * A TCP proxy in front of Postgres that a fault scenario can break and mend:
 * - `cut`: open connections are reset and new ones refused (a database restart or failover);
 * - `blackhole`: connections stay open but nothing goes through either way (a partition);
 * - `slow`: every chunk is held `slowMs` before it goes on (a saturated link);
 * - `pass`: back to normal for new connections and for those still open.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<[Socket, Socket]>();
  private mode: ProxyMode = 'pass';
  private slowMs = 0;

  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async set(mode: ProxyMode, slowMs = 0): Promise<void> {
    // Connections that lost bytes in a black hole cannot go on: they end, as a partition's do.
    if (this.mode === 'blackhole' && mode !== 'blackhole') this.resetAll();
    this.mode = mode;
    this.slowMs = slowMs;
    if (mode === 'cut') {
      this.resetAll();
      await this.close();
    } else if (!this.server) {
      await this.start();
    }
  }

  async dispose(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await this.close();
  }

  private resetAll(): void {
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  private async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    this.forward(client, upstream);
    this.forward(upstream, client);
  }

  /** Chunks go through according to the mode at the time they arrive (dropped in a black hole). */
  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      if (this.mode === 'blackhole') return;
      if (this.mode === 'slow') {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, this.slowMs);
        return;
      }
      if (!to.destroyed) to.write(chunk);
    });
  }
}
