import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { freePort, waitForHealth } from '../../scripts/lib/stack.mjs';

/**
 * Gateways of a spec's own beside the shared stack's (same services, database, Redis and NATS),
 * started with the settings the spec needs: a spec that tests the gateway with other settings
 * (the limits as shipped, say) need not restart the shared one, and so need not run alone
 * (docs/developer-guide.md#the-loop). Runs in the global setup's process, behind its control server.
 */
export class ExtraGateways {
  private readonly running = new Map<string, ChildProcess>();
  private count = 0;

  constructor(
    private readonly root: string,
    private readonly logDir: string,
  ) {}

  /** Starts a gateway with `env` on a free port; answers once its health is 200. */
  async start(env: Record<string, string>): Promise<{ id: string; url: string }> {
    const port = await freePort();
    const id = String(++this.count);
    mkdirSync(this.logDir, { recursive: true });
    const log = createWriteStream(join(this.logDir, `gateway-extra-${id}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [join(this.root, 'services', 'gateway', 'dist', 'main.js')], {
      cwd: this.root,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.on('close', () => log.end());
    this.running.set(id, child);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 120_000, () => child.exitCode === null);
    return { id, url };
  }

  /** Stops one (SIGTERM) and waits for it to exit. */
  async stop(id: string): Promise<void> {
    const child = this.running.get(id);
    this.running.delete(id);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }
}
