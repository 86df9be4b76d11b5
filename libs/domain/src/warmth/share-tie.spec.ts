import { describe, expect, it } from '@jest/globals';
import { type SharingLevel } from '@warmpath/contracts';
import { emptyArchiveSignals } from './archive-signals.js';
import { shareTie } from './share-tie.js';

const signals = { ...emptyArchiveSignals(), messagesSent: 12, lastMessageOn: '2026-10-01' };
const strength = { score: 47, band: 'strong' as const };

describe('shareTie', () => {
  it.each<[SharingLevel, unknown]>([
    ['counts', null],
    ['names', { band: 'strong' }],
    ['profiles', { band: 'strong' }],
    ['emails', { band: 'strong', score: 47, signals }],
  ])('at %s shows %j', (level, shown) => {
    expect(shareTie(level, strength, signals)).toEqual(shown);
  });

  it('never lets a count or a date through below emails', () => {
    for (const level of ['counts', 'names', 'profiles'] as const) {
      const shown = JSON.stringify(shareTie(level, strength, signals));
      expect(shown).not.toContain('12');
      expect(shown).not.toContain('2026');
    }
  });
});
