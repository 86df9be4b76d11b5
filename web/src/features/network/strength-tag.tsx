import type { TieStrengthView } from '@warmpath/contracts';
import { Tag } from 'antd';

const BAND_LABEL = { strong: 'Strong', medium: 'Medium', weak: 'Weak' } as const;
const BAND_COLOR = { strong: 'green', medium: 'gold', weak: 'default' } as const;

/** "Strong", "Medium", "Weak": a tie's band (docs/warmth.md#the-model). */
export function bandLabel(band: TieStrengthView['band']): string {
  return BAND_LABEL[band];
}

/** "Strong · 45", or the band alone when the sharing level shows no score. */
export function strengthText(strength: TieStrengthView): string {
  return strength.score === undefined
    ? bandLabel(strength.band)
    : `${bandLabel(strength.band)} · ${strength.score}`;
}

/** A tie's band (and score, when shown) as a coloured tag. */
export function StrengthTag({ strength }: { strength: TieStrengthView }) {
  return (
    <Tag color={BAND_COLOR[strength.band]} aria-label={`Tie strength: ${strengthText(strength)}`}>
      {strengthText(strength)}
    </Tag>
  );
}
