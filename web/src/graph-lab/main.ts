import { generateNetwork } from './generate-network';
import { observeLongTasks, type LabEngine } from './lab-hooks';
import { mountForceGraphPeer } from './force-graph-peer';
import { mountWarmpathLab } from './warmpath-lab';

/**
 * A standalone page that mounts the graph engine full-window on a generated LinkedIn-like
 * network: ?n=1000&seed=1, and ?engine=force-graph for the earlier version's renderer on the
 * same data (the benchmark's peer). Also the usage example for the app's wrapper component.
 */
const longTasks = observeLongTasks();
const params = new URLSearchParams(location.search);
const size = Math.max(1, Number(params.get('n') ?? 1000));
const seed = Number(params.get('seed') ?? 1);
const engine: LabEngine = params.get('engine') === 'force-graph' ? 'force-graph' : 'warmpath';
const container = document.getElementById('graph');
if (!container) throw new Error('graph-lab.html has no #graph element');

const generatedAt = performance.now();
const network = generateNetwork(size, seed);
const generateMs = performance.now() - generatedAt;
// Let the long generation task end before the clock starts, so it is not charged to the engine.
setTimeout(() => {
  window.__graphLab = engine === 'force-graph' ? mountForceGraphPeer(container, network, { generateMs, longTasks }) : mountWarmpathLab(container, network, { generateMs, longTasks, autoFit: params.get('autofit') !== '0' });
}, 50);
