import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineSignals } from '../engine-parts';
import { EventHub } from '../event-hub';
import type { LayoutGraph } from './layout-protocol';
import { FORCE_PARAMS } from './layout-director';
import { LayoutSupervisor } from './layout-supervisor';

/** The layout worker as the supervisor sees it: what was posted, in order. */
class FakeWorker {
  static last: FakeWorker | null = null;
  readonly posted: string[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: { type: string }): void {
    this.posted.push(message.type);
  }
  terminate(): void {}
}

const graph = (): LayoutGraph =>
  ({
    positions: new Float32Array(4),
    linkSources: new Uint32Array(1),
    linkTargets: new Uint32Array(1),
    linkKinds: new Uint8Array(1),
  }) as unknown as LayoutGraph;

describe('LayoutSupervisor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds nothing while held: the first graph is drawn before its simulation is built', () => {
    const supervisor = new LayoutSupervisor(new EventHub<EngineSignals>());
    const worker = FakeWorker.last!;
    supervisor.hold(2000);
    supervisor.load(graph(), FORCE_PARAMS);
    supervisor.reheat(null);
    expect(worker.posted).toEqual([]);
    expect(supervisor.isHolding).toBe(true);

    supervisor.resume();
    expect(worker.posted).toEqual(['load', 'reheat']);
    supervisor.stop();
    expect(worker.posted).toEqual(['load', 'reheat', 'stop']);
  });

  it('sends what it held once the hold runs out, when no first frame is ever presented', () => {
    const supervisor = new LayoutSupervisor(new EventHub<EngineSignals>());
    const worker = FakeWorker.last!;
    supervisor.hold(2000);
    supervisor.load(graph(), FORCE_PARAMS);
    vi.advanceTimersByTime(1999);
    expect(worker.posted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(worker.posted).toEqual(['load']);
    expect(supervisor.isHolding).toBe(false);
  });

  it('sends at once when not held', () => {
    const supervisor = new LayoutSupervisor(new EventHub<EngineSignals>());
    supervisor.load(graph(), FORCE_PARAMS);
    expect(FakeWorker.last!.posted).toEqual(['load']);
  });
});
