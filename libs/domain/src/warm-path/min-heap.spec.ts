import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '../../test/random.js';
import { MinHeap } from './min-heap.js';

describe('MinHeap', () => {
  it('pops nodes in order of priority', () => {
    const heap = new MinHeap(2);
    [
      [1, 5],
      [2, 1],
      [3, 3],
      [4, 0.5],
    ].forEach(([node, priority]) => heap.push(node as number, priority as number));
    expect([heap.pop(), heap.pop(), heap.pop(), heap.pop()]).toEqual([4, 2, 3, 1]);
    expect(heap.pop()).toBe(-1);
    expect(heap.size).toBe(0);
  });

  it('stays ordered through many random pushes and pops', () => {
    const random = seededRandom(7);
    const heap = new MinHeap();
    const priorities = Array.from({ length: 5000 }, () => random());
    priorities.forEach((priority, node) => heap.push(node, priority));
    let previous = -Infinity;
    while (heap.size > 0) {
      const priority = priorities[heap.pop()] as number;
      expect(priority).toBeGreaterThanOrEqual(previous);
      previous = priority;
    }
  });
});
