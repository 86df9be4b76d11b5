import { spawnSync } from 'node:child_process';

/**
 * The flags that keep Debian's chromium headless working where outside calls are refused: without
 * the background-networking ones, chromium's calls home fail, many at a time.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's chromium: CHROME_BIN, else the one on PATH, else an error saying how to install it. */
export function chromiumPath() {
  if (process.env.CHROME_BIN) return process.env.CHROME_BIN;
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  throw new Error('Debian chromium not found: apt-get install -y chromium (or set CHROME_BIN)');
}

/** Debian's chromium for the browser tests: installed with apt-get when missing (we run as root in CI). */
export function ensureChromium(log) {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  if (found.status === 0) {
    process.env.CHROME_BIN ??= found.stdout.trim();
    return;
  }
  if (process.getuid?.() !== 0)
    throw new Error('chromium is missing: install the Debian package "chromium" (apt-get install chromium)');
  log('installing chromium with apt-get...');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error('apt-get install chromium failed');
  process.env.CHROME_BIN = '/usr/bin/chromium';
}
