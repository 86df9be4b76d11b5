import { describe, expect, it } from 'vitest';
import { quadIndices } from './gpu-layers';

/** Quad q's two triangles over its four vertices, as each mesh once filled them for itself. */
function ownIndices(quads: number): number[] {
  return Array.from({ length: quads }, (_, q) => [0, 1, 2, 0, 2, 3].map((corner) => q * 4 + corner)).flat();
}

describe('quadIndices, shared by every quad mesh', () => {
  it('gives each mesh the indices it would have made itself, whatever the order of sizes', () => {
    for (const quads of [2, 7, 5_000, 3, 12_001, 1])
      expect(Array.from(quadIndices(quads))).toEqual(ownIndices(quads));
  });

  it('leaves the indices handed out earlier as they were when it grows', () => {
    const small = quadIndices(4);
    quadIndices(40_000);
    expect(Array.from(small)).toEqual(ownIndices(4));
  });
});
