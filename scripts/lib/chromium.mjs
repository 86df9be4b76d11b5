import { spawnSync } from 'node:child_process';

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
