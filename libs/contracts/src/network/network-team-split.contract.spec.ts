import { describe, expect, it } from '@jest/globals';
import {
  teamBaseEtag,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchEtag,
  viewerPatchBodySchema,
} from './network-team-split.contract.js';

describe('the base and viewer patch contracts', () => {
  it('keeps a patch whole, checking only its header (checkViewerPatch checks the rest)', () => {
    const patch = { format: 'warmpath.viewer-patch', version: 1, viewerId: 7, entries: { record: [0] } };
    expect(viewerPatchBodySchema.parse({ base: '"b1-fp"', patch })).toEqual({ base: '"b1-fp"', patch });
  });

  it.each([
    [{ patch: { format: 'warmpath.viewer-patch', version: 1, viewerId: 7 } }],
    [{ base: '"b1-fp"', patch: { format: 'warmpath.network', version: 1, viewerId: 7 } }],
    [{ base: '"b1-fp"', patch: { format: 'warmpath.viewer-patch', version: 1 } }],
  ])('refuses a body without its base or a patch header: %j', (body) => {
    expect(viewerPatchBodySchema.safeParse(body).success).toBe(false);
  });

  it('names strong, quoted ETags and keys per version, the patch per viewer', () => {
    expect(teamBaseEtag('fp')).toBe('"b1-fp"');
    expect(teamPatchEtag('fp', 7)).toBe('"p1-fp-7"');
    expect(teamPatchEtag('fp', 7)).not.toBe(teamPatchEtag('fp', 8));
    expect(teamNetworkBaseKey(4, 'fp')).not.toBe(teamNetworkPatchesKey(4, 'fp'));
  });
});
