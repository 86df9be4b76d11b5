export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => percentile(values, 50);

/** Long tasks inside [from, to]: count, longest, and total blocking time (the part over 50 ms). */
export function blocking(tasks, from, to) {
  const inside = tasks.filter((task) => task.start >= from && task.start <= to);
  return {
    count: inside.length,
    longest: inside.reduce((max, task) => Math.max(max, task.duration), 0),
    tbt: inside.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
  };
}

/** Intervals between consecutive frame start times. */
export function intervals(frames) {
  const gaps = [];
  for (let i = 1; i < frames.length; i++) gaps.push(frames[i].at - frames[i - 1].at);
  return gaps;
}
