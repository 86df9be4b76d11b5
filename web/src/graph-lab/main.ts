import { prewarmGraphEngine } from '../graph';
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
// As the app does on loading the graph route: the render worker boots while data arrives.
// ?prewarm=0 measures a cold start instead (the worker boots after the data is there).
const isWarm = engine === 'warmpath' && params.get('prewarm') !== '0';
const engineReady = isWarm ? prewarmGraphEngine() : Promise.resolve();
const container = document.getElementById('graph');
if (!container) throw new Error('graph-lab.html has no #graph element');

const generatedAt = performance.now();
const network = generateNetwork(size, seed);
const generateMs = performance.now() - generatedAt;
// The clock starts once the data is there and the long generation task is over, so neither
// is charged to the engine.
void engineReady.then(() =>
  setTimeout(() => {
    window.__graphLab =
      engine === 'force-graph'
        ? mountForceGraphPeer(container, network, { generateMs, longTasks })
        : mountWarmpathLab(container, network, {
            generateMs,
            longTasks,
            autoFit: params.get('autofit') !== '0',
          });
  }, 50),
);
