import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeGraphEngine, type FakeGraphEngine } from '../../lib/testing/fake-graph-engine.testing';
import { useFocusOnOpen } from './use-focus-on-open';

type Props = { engine: FakeGraphEngine | null; selectedId: string | null };

function render(initial: Props) {
  return renderHook(({ engine, selectedId }: Props) => useFocusOnOpen(engine, selectedId, 1.5, 1000), {
    initialProps: initial,
  });
}

describe('useFocusOnOpen', () => {
  it('flies to the person the screen opened with once the engine is there, once', () => {
    const engine = createFakeGraphEngine();
    const hook = render({ engine: null, selectedId: 'p-7' });
    hook.rerender({ engine, selectedId: 'p-7' });
    expect(engine.focusOn).toHaveBeenCalledExactlyOnceWith('p-7', 1.5, 1000);
    hook.rerender({ engine, selectedId: 'p-8' });
    hook.rerender({ engine: createFakeGraphEngine(), selectedId: 'p-8' });
    expect(engine.focusOn).toHaveBeenCalledTimes(1);
  });

  it('moves no camera for a person chosen later, nor for one closed before the graph was there', () => {
    const none = createFakeGraphEngine();
    const opened = render({ engine: none, selectedId: null });
    opened.rerender({ engine: none, selectedId: 'p-7' });
    expect(none.focusOn).not.toHaveBeenCalled();

    const closed = createFakeGraphEngine();
    const early = render({ engine: null, selectedId: 'p-7' });
    early.rerender({ engine: null, selectedId: null });
    early.rerender({ engine: closed, selectedId: 'p-7' });
    expect(closed.focusOn).not.toHaveBeenCalled();
  });
});
