// Time per password hash on this machine: scrypt as the auth service runs it (r=8, p=1, 32 bytes),
// one at a time, so the figure is the cost of one sign-in's hash without queueing.
import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt);

/** Median and max milliseconds of `runs` sequential hashes at N = 2^logN. */
export async function timePerHash(logN, runs = 9) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await scryptAsync('a password', randomBytes(16), 32, {
      N: 2 ** logN,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { logN, medianMs: times[Math.floor(runs / 2)], maxMs: times[runs - 1] };
}

export async function printHashCosts(logNs = [14, 15, 16]) {
  console.log('\n| SCRYPT_LOG_N | memory per hash | time per hash, median | max |');
  console.log('|---:|---:|---:|---:|');
  for (const logN of logNs) {
    const { medianMs, maxMs } = await timePerHash(logN);
    console.log(`| ${logN} | ${2 ** logN / 1024} MiB | ${medianMs.toFixed(0)} ms | ${maxMs.toFixed(0)} ms |`);
  }
}
