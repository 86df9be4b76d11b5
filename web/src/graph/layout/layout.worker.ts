/// <reference lib="webworker" />
import { GRAPH } from '../constants';
import { CoolingSchedule, type CoolingOptions } from './cooling-schedule';
import { ForceSimulation } from './force-simulation';
import type { FromWorker, Heat, ToWorker } from './layout-protocol';

/**
 * The layout worker: owns the ngraph simulation, steps it one step per macrotask (so messages
 * get through between steps), and posts positions only when the main thread has handed the
 * buffer back, which it does once per animation frame.
 */
declare const self: DedicatedWorkerGlobalScope;

const HEAT: Record<Heat, Omit<CoolingOptions, 'restMovement' | 'patience'>> = {
  initial: { startTemperature: 8, endTemperature: 0.3, maxSteps: 100 },
  reheat: { startTemperature: 4, endTemperature: 0.3, maxSteps: 60 },
  // A released circle or row layout is far from the force layout's shape: a full cooling.
  release: { startTemperature: 8, endTemperature: 0.3, maxSteps: 100 },
};
const REST = { restMovement: 0.05, patience: 5 };

let simulation: ForceSimulation | null = null;
let epoch = 0;
const schedule = new CoolingSchedule({ ...HEAT.initial, ...REST });
let running = false;
let stepScheduled = false;
let dirty = false;
let settledUnsent = false;
let spare: Float32Array | null = null;
let steps = 0;
let stepMs = 0;
let startedAt = 0;
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  stepScheduled = false;
  runStep();
};

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'load':
      simulation?.dispose();
      epoch = message.epoch;
      simulation = new ForceSimulation(message.graph, message.params);
      spare = new Float32Array(message.graph.nodeCount * 2);
      start(message.heat);
      break;
    case 'reheat':
      if (!simulation) return;
      epoch = message.epoch;
      if (message.params) simulation.setParams(message.params);
      start(message.heat);
      break;
    case 'pin':
      if (!simulation) return;
      epoch = message.epoch;
      simulation.pinAll(message.positions);
      running = false;
      break;
    case 'release':
      if (!simulation) return;
      epoch = message.epoch;
      simulation.setParams(message.params);
      simulation.releaseAll();
      start('release');
      break;
    case 'stop':
      running = false;
      break;
    case 'stats':
      postStats();
      break;
    case 'buffer':
      if (message.buffer.length === (spare?.length ?? message.buffer.length)) spare = message.buffer;
      flush();
      break;
  }
};

function start(heat: Heat): void {
  schedule.reheat({ ...HEAT[heat], ...REST });
  running = true;
  settledUnsent = false;
  steps = 0;
  stepMs = 0;
  startedAt = performance.now();
  scheduleStep();
}

function scheduleStep(): void {
  if (stepScheduled || !running) return;
  stepScheduled = true;
  tick.port2.postMessage(null);
}

function runStep(): void {
  if (!running || !simulation) return;
  const begun = performance.now();
  simulation.temperature = schedule.temperature;
  const movement = simulation.step();
  stepMs += performance.now() - begun;
  steps++;
  dirty = true;
  if (schedule.advance(movement) || performance.now() - startedAt > GRAPH.cooldownMs) {
    running = false;
    settledUnsent = true;
    postStats();
  }
  flush();
  scheduleStep();
}

/** Posts the latest positions if the main thread has given a buffer back; else waits for it. */
function flush(): void {
  if (!simulation || !spare || !(dirty || settledUnsent)) return;
  const buffer = spare;
  spare = null;
  simulation.writePositions(buffer);
  const message: FromWorker = { type: 'positions', epoch, buffer, settled: settledUnsent };
  dirty = false;
  settledUnsent = false;
  self.postMessage(message, [buffer.buffer]);
}

function postStats(): void {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  const message: FromWorker = {
    type: 'stats',
    epoch,
    steps,
    stepMs: steps > 0 ? stepMs / steps : 0,
    heapBytes: memory ? memory.usedJSHeapSize : null,
  };
  self.postMessage(message);
}
