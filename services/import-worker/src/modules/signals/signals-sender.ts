import {
  networkImportContracts,
  SIGNALS_BATCH_PEOPLE,
  type ImportSignalsReport,
  type ImportSignalsRequest,
} from '@warmpath/contracts';
import { SIGNAL_FILE_NAMES } from '@warmpath/domain';
import type { BusClient } from '@warmpath/server-kit';
import type { CollectedSignals } from './signal-collector.js';

interface Target {
  importId: string;
  userId: number;
}

/**
 * Sends an import's signals to the network service in batches (people first, then
 * recommendations, the last batch marked final so the older archive's signals go) and answers
 * the import's report: what was read, what matched, who was ignored.
 */
export async function sendSignals(
  bus: BusClient,
  collected: CollectedSignals,
  target: Target,
  timeoutMs: number,
): Promise<ImportSignalsReport> {
  const batches = toBatches(collected, target);
  const report: ImportSignalsReport = {
    files: Object.entries(collected.files).map(([file, rows]) => ({
      name: SIGNAL_FILE_NAMES[file as keyof typeof SIGNAL_FILE_NAMES][0] as string,
      rows,
    })),
    unreadableFiles: collected.unreadable.map((file) => SIGNAL_FILE_NAMES[file][0] as string),
    messages: collected.messages?.messagesRead ?? 0,
    connections: 0,
    ignoredPeople: 0,
    ignoredMessages: 0,
    strengthChanges: 0,
  };
  // Nothing recognised (every file unreadable): the signals stored before stay.
  if (Object.keys(collected.files).length === 0) return report;
  for (const batch of batches) {
    const reply = await bus.request(networkImportContracts.signals, batch, { timeoutMs });
    report.connections += reply.matched;
    report.ignoredPeople += reply.ignoredPeople;
    report.ignoredMessages += reply.ignoredMessages;
    report.strengthChanges = (report.strengthChanges ?? 0) + (reply.strengthChanges ?? 0);
  }
  return report;
}

/** People, then recommendations, SIGNALS_BATCH_PEOPLE at a time; always at least one (final) batch. */
export function toBatches(collected: CollectedSignals, target: Target): ImportSignalsRequest[] {
  const batches: ImportSignalsRequest[] = [];
  const people = collected.people.map(([url, signals]) => ({ url, signals }));
  const recommendations = collected.recommendations.map(([name, signals]) => ({ name, signals }));
  for (let at = 0; at < people.length; at += SIGNALS_BATCH_PEOPLE)
    batches.push({
      ...target,
      people: people.slice(at, at + SIGNALS_BATCH_PEOPLE),
      recommendations: [],
      final: false,
    });
  for (let at = 0; at < recommendations.length; at += SIGNALS_BATCH_PEOPLE)
    batches.push({
      ...target,
      people: [],
      recommendations: recommendations.slice(at, at + SIGNALS_BATCH_PEOPLE),
      final: false,
    });
  if (batches.length === 0) batches.push({ ...target, people: [], recommendations: [], final: false });
  (batches.at(-1) as ImportSignalsRequest).final = true;
  return batches;
}
