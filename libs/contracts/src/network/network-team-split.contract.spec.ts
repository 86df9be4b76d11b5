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
    const body = { base: '"b2-fp"', own: '42', patch };
    expect(viewerPatchBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ own: '42', patch: { format: 'warmpath.viewer-patch', version: 1, viewerId: 7 } }],
    [{ base: '"b2-fp"', patch: { format: 'warmpath.viewer-patch', version: 1, viewerId: 7 } }],
    [{ base: '"b2-fp"', own: '', patch: { format: 'warmpath.viewer-patch', version: 1, viewerId: 7 } }],
    [{ base: '"b2-fp"', own: 42, patch: { format: 'warmpath.viewer-patch', version: 1, viewerId: 7 } }],
    [{ base: '"b2-fp"', own: '42', patch: { format: 'warmpath.network', version: 1, viewerId: 7 } }],
    [{ base: '"b2-fp"', own: '42', patch: { format: 'warmpath.viewer-patch', version: 1 } }],
  ])('refuses a body without its base, its own network version or a patch header: %j', (body) => {
    expect(viewerPatchBodySchema.safeParse(body).success).toBe(false);
  });

  it('names strong, quoted ETags and keys per version, the patch per viewer', () => {
    expect(teamBaseEtag('fp')).toBe('"b2-fp"');
    expect(teamPatchEtag('fp', 7)).toBe('"p2-fp-7"');
    expect(teamPatchEtag('fp', 7)).not.toBe(teamPatchEtag('fp', 8));
    expect(teamNetworkBaseKey(4, 'fp')).not.toBe(teamNetworkPatchesKey(4, 'fp'));
  });
});
