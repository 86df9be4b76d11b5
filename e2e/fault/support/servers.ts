import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { isListening } from '../../../scripts/lib/infra.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { freePort } from '../../../scripts/lib/stack.mjs';

function binary(name: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} /usr/bin/${name}`], {
    encoding: 'utf8',
  });
  const path = found.stdout.split('\n').find((line) => line.trim());
  if (!path) throw new Error(`${name} is not installed (Debian package ${name})`);
  return path.trim();
}

/**
 * Until `child` listens on `port`. Fails at once when the child exits (its port was taken, say):
 * a port that answers is not enough, since it may be another process's.
 */
async function waitListening(child: ChildProcess, port: number, label: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  while (exited() || !(await isListening(port))) {
    if (exited())
      throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before listening on ${port}`);
    if (Date.now() > deadline) throw new Error(`${label} did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // A server that cannot bind exits within moments of its start: still here, the port is its own.
  await new Promise((r) => setTimeout(r, 200));
  if (exited())
    throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) on ${port}: the port was taken`);
}

/**
 * An infrastructure server of one fault scenario's own (nats-server -js, redis-server), on a free
 * port with its data in a temporary folder, that the scenario kills and starts again on the same
 * port and data (a broker restart, a crash).
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  readonly dir: string;
  private readonly label: string;
  readonly port: number;
  private readonly command: () => [string, string[]];

  private constructor(label: string, port: number, command: () => [string, string[]]) {
    this.label = label;
    this.port = port;
    this.command = command;
    this.dir = mkdtempSync(join(tmpdir(), `warmpath-fault-${label}-`));
  }

  /** nats-server with JetStream (the upload object store), its store in the temporary folder. */
  static async nats(): Promise<OwnServer> {
    const port = await freePort();
    const server: OwnServer = new OwnServer('nats', port, () => [
      binary('nats-server'),
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', server.dir],
    ]);
    return server;
  }

  /** redis-server; `persistent` keeps its data across a kill (append-only file, fsync always). */
  static async redis(persistent: boolean): Promise<OwnServer> {
    const port = await freePort();
    const persistence = persistent
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : ['--appendonly', 'no'];
    const server: OwnServer = new OwnServer('redis', port, () => [
      binary('redis-server'),
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', ...persistence, '--dir', server.dir],
    ]);
    return server;
  }

  get url(): string {
    return `${this.label}://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const [command, args] = this.command();
    this.child = spawn(command, args, { stdio: 'ignore' });
    await waitListening(this.child, this.port, this.label);
  }

  /** Killed at once (SIGKILL), as a crashed or evicted broker would be. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
