/**
 * The part of the drop-in rule a test checks with an oracle of its own, written out independently
 * of api/replacements so that a mistake there cannot hide here: every spec the original states
 * beyond the group's rules is met or bettered (tolerance as tight, maximum temperature as high,
 * AEC-Q200 kept).
 */
import type { CatalogProduct } from '../../emulator';

const TOLERANCE: Record<string, string> = { SMD: 'Specs.ToleranceCapacitance', Lead: 'Specs.ToleranceCapacitance', Ind: 'Specs.InductanceTolerance' };
const NOMINAL: Record<string, string> = { SMD: 'Specs.Capacitance', Lead: 'Specs.Capacitance', Ind: 'Specs.Inductance' };
const UNIT_SCALE: Record<string, number> = { pF: 1e-12, nF: 1e-9, uF: 1e-6, nH: 1e-9, uH: 1e-6 };

/** The widest deviation a tolerance text allows, as a share of the nominal value ('±5%' 0.05, '+80%/-20%' 0.8, '±0.1pF' of 1 pF 0.1). */
function toleranceShare(text: unknown, nominal: unknown): number | undefined {
  if (typeof text !== 'string' || typeof nominal !== 'number' || nominal <= 0) return undefined;
  const shares = [...text.matchAll(/(\d+(?:\.\d+)?)\s*(%|pF|nF|uF|nH|uH)/g)].map(([, n, unit]) => (unit === '%' ? Number(n) / 100 : (Number(n) * UNIT_SCALE[unit]) / nominal));
  return shares.length === 0 ? undefined : Math.max(...shares);
}

/** Every other spec the original states is met or bettered: tolerance as tight, max temperature as high, AEC-Q200 kept. */
export function keepsStatedSpecs(o: CatalogProduct['values'], v: CatalogProduct['values'], group: string): boolean {
  const tightO = toleranceShare(o[TOLERANCE[group]], o[NOMINAL[group]]);
  if (tightO !== undefined) {
    const tightV = toleranceShare(v[TOLERANCE[group]], o[NOMINAL[group]]);
    if (tightV === undefined || tightV > tightO * (1 + 1e-9)) return false;
  }
  const hot = 'Specs.MaxOperatingTemperature';
  if (group !== 'Ind' && typeof o[hot] === 'number' && !(typeof v[hot] === 'number' && (v[hot] as number) >= (o[hot] as number))) return false;
  return !(o['ComplianceInfo.AecQ200Support'] === true && v['ComplianceInfo.AecQ200Support'] !== true);
}
