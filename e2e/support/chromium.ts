// The launcher's plain ESM helper (typed through JSDoc), so every browser run uses the same chromium and flags.
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.mjs';

/**
 * Debian's chromium (no browser download), with the flags a headless machine without a browser
 * download needs (scripts/lib/chromium.mjs).
 */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: CHROMIUM_ARGS };
}
