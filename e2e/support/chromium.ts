import { execSync } from 'node:child_process';

/** Debian's chromium (no browser download), with the flags this closed network needs (STACK.md). */
export function chromiumLaunchOptions() {
  let executablePath = process.env.CHROME_BIN;
  if (!executablePath) {
    try {
      executablePath = execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
    } catch {
      executablePath = '/usr/bin/chromium';
    }
  }
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  };
}
