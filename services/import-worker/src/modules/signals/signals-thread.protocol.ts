import type { SignalFile } from '@warmpath/domain';
import type { CollectedSignals } from './signal-collector.js';

/** Main thread → signals thread: each file announced, then its chunks on request, then `finish`. */
export type ToSignalsThread =
  | { type: 'file'; file: SignalFile }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'finish' };

/** Signals thread → main thread. */
export type FromSignalsThread =
  { type: 'pull' } | { type: 'file-done' } | { type: 'result'; result: CollectedSignals };
