import type { BasePart } from './common';
import { variantPartnos } from './common';
import { addDays } from './numbers';
import type { Rng } from './rng';

/**
 * The day the catalog's dates are relative to: some ending parts have their last-buy and
 * production-end dates within the 12 months after it, others before it.
 */
export const REFERENCE_DATE = '2026-10-01';

const STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['In Production', 82],
  ['Under Development', 2],
  ['NRND', 6],
  ['To be discontinued', 4],
  ['Discontinued', 6],
];

const ENDING = new Set(['NRND', 'To be discontinued', 'Discontinued']);

/** Status, new-product flag, end-of-life dates, notices and alternatives of every base part. */
export function assignLifecycle(rng: Rng, bases: BasePart[]): void {
  for (const base of bases) {
    const status = rng.weighted(STATUS_WEIGHTS);
    const v = base.values;
    v.Status = status;
    v.NewProduct = status === 'Under Development' || (status === 'In Production' && rng.chance(0.05));
    if (status === 'NRND') {
      v.Notices = 'Not recommended for new designs.';
      if (rng.chance(0.5)) v.LastBuyDate = addDays(REFERENCE_DATE, rng.int(30, 720));
    } else if (status === 'To be discontinued') {
      // Within the next 12 months for most, further out for some.
      const lastBuy = rng.int(rng.chance(0.7) ? 10 : 370, rng.chance(0.7) ? 360 : 700);
      v.LastBuyDate = addDays(REFERENCE_DATE, lastBuy);
      v.ProductionEndDate = addDays(REFERENCE_DATE, lastBuy + rng.int(90, 270));
      v.Notices = `Production will end. Last buy date: ${v.LastBuyDate}.`;
    } else if (status === 'Discontinued') {
      const lastBuy = -rng.int(30, 1500);
      v.LastBuyDate = addDays(REFERENCE_DATE, lastBuy);
      v.ProductionEndDate = addDays(REFERENCE_DATE, lastBuy + rng.int(60, 180));
      v.Notices = 'Production has ended.';
    } else if (status === 'Under Development') {
      v.Notices = 'Specifications may change before mass production.';
    }
  }
  assignAlternatives(rng, bases);
}

/** Ending parts point at in-production parts that can replace them (same value and size). */
function assignAlternatives(rng: Rng, bases: BasePart[]): void {
  const live = new Map<string, BasePart[]>();
  for (const b of bases) {
    if (b.values.Status !== 'In Production') continue;
    const list = live.get(b.alternativeKey);
    if (list) list.push(b);
    else live.set(b.alternativeKey, [b]);
  }
  for (const b of bases) {
    if (!ENDING.has(b.values.Status as string)) continue;
    const candidates = (live.get(b.alternativeKey) ?? []).filter((c) => c.partno !== b.partno);
    if (candidates.length === 0) continue;
    const chosen = rng.some(candidates, rng.int(1, 2));
    b.values.AlternativePartno = chosen.map((c) => variantPartnos(c)[0]);
  }
}
