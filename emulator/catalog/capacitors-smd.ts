import { BaseList, chipBodySpecs, seriesSizes, shared, type BasePart, smdPackages } from './common';
import { TEMPERATURE_CHARACTERISTICS, VOLTAGES, capacitanceTolerances, capacitorSpecs } from './capacitor-codes';
import { capacitorPartno, capacitorRatings } from './capacitor-ratings';
import { E12, E24, E6, decimal, round, seriesValues } from './numbers';
import type { Rng } from './rng';
import { REFLOW_AND_FLOW, REFLOW_ONLY, SMD_SERIES, SMD_SIZES, type ChipSize, type SmdSeries } from './smd-series';

/** Largest capacitance a size reaches with a characteristic and voltage (derating with voltage). */
function capacityLimit(size: ChipSize, characteristic: string, volts: number): number {
  const tc = TEMPERATURE_CHARACTERISTICS[characteristic];
  const derate = Math.pow(6.3 / Math.max(volts, 6.3), 1.05);
  const base = size.capacity * tc.capacityFactor * derate;
  return tc.dielectricClass === 1 ? base / 400 : base;
}

const VARIANT_LETTERS = 'ABCDEFGH';
/** Scales every series' density so the group lands near 42,000 Partnos. */
const DENSITY = 0.22;
/** Share of the 100 nF combinations offered (heavier than any other value, as in real catalogs). */
const HUB_DENSITY = 0.32;

/** Base parts of the SMD group. */
export function generateSmdBases(rng: Rng): BasePart[] {
  const bases = new BaseList();
  for (const [series, size] of seriesSizes(SMD_SERIES, SMD_SIZES)) {
    for (const rating of capacitorRatings(series)) {
      const { tc, voltage } = rating;
      if (voltage.volts > size.maxVolts) continue;
      const max = capacityLimit(size, rating.tcName, voltage.volts);
      const min = tc.dielectricClass === 1 ? 0.5e-12 : 100e-12;
      const values = seriesValues(tc.dielectricClass === 1 ? E24 : max > 1e-6 ? E6 : E12, min, max);
      for (const farads of values) {
        // 100 nF is every catalog's most crowded value: offered in every combination.
        const hub = farads === 1e-7;
        if (!rng.chance(hub ? HUB_DENSITY : series.density * DENSITY)) continue;
        const tolerances = capacitanceTolerances(tc, farads);
        const tolCount = hub ? 2 : rng.chance(0.3) ? 2 : 1;
        const thicknesses = pickThicknesses(rng, size, farads, max);
        const variantCount = hub ? Math.max(2, series.variants ?? 1) : series.variants && rng.chance(0.15) ? 2 : 1;
        for (const tolerance of tolerances.slice(0, tolCount)) {
          for (let v = 0; v < variantCount; v++) {
            const thickness = thicknesses[Math.min(v, thicknesses.length - 1)];
            const variant = `${VARIANT_LETTERS[size.thicknesses.indexOf(thickness)]}${v + 1}`;
            const partno = capacitorPartno(series.code, size.code, rating, farads, tolerance, variant);
            bases.add(partno, () => buildSmd(rng, series, size, rating.tcName, rating.voltName, farads, tolerance, thickness, partno));
          }
        }
      }
    }
  }
  return bases.parts;
}

function pickThicknesses(rng: Rng, size: ChipSize, farads: number, max: number): number[] {
  const t = size.thicknesses;
  if (t.length === 1) return [t[0]];
  // Larger values of a size need the thicker bodies.
  const fill = farads / max;
  const start = fill > 0.3 ? t.length - 1 : fill > 0.05 ? Math.min(1, t.length - 1) : 0;
  const list = t.slice(start);
  return rng.chance(0.5) ? list : [list[0]];
}

/** Builds one SMD base part with every field the group returns. Exported for the hostile parts. */
export function buildSmd(
  rng: Rng,
  series: SmdSeries,
  size: ChipSize,
  tcName: string,
  voltName: string,
  farads: number,
  tolerance: string,
  thicknessMm: number,
  partno: string,
): BasePart {
  const tc = TEMPERATURE_CHARACTERISTICS[tcName];
  const voltage = VOLTAGES[voltName];
  const tolL = size.length <= 0.6 ? 0.02 : size.length <= 1.0 ? 0.05 : size.length <= 1.6 ? 0.1 : 0.2;
  const tolT = thicknessMm <= 0.5 ? tolL : 0.1 + (thicknessMm >= 2 ? 0.1 : 0);
  const grams = round(size.length * size.width * thicknessMm * 0.0055, 2);
  const values: Record<string, string | number | boolean | string[]> = {
    ProductName: series.productName,
    RecommendedApplication: series.recommended,
    MSL: 'Not applicable',
    Application: shared(series.applications),
    Mounting: shared(series.mounting ?? (size.length >= 1.6 && size.length <= 3.2 ? REFLOW_AND_FLOW : REFLOW_ONLY)),
    'ComplianceInfo.AecQ200Support': series.aec,
    'ComplianceInfo.Rohs': true,
    'ComplianceInfo.Reach': true,
    'ComplianceInfo.LeadFree': true,
    ...chipBodySpecs({ grams, size, thickness: thicknessMm, lengthTolerance: tolL, thicknessTolerance: tolT, thicknessMax: round(thicknessMm + tolT, 4) }),
    'Specs.SmdType': series.smdType,
    ...capacitorSpecs(farads, tolerance, voltage, tc),
  };
  if (series.benefits.length > 0) values.Benefits = shared(series.benefits);
  if (series.caution) values.Caution = shared(series.caution);
  if (series.ratedCurrent) {
    const amps = decimal(rng.pick([0.5, 1, 2, 3, 4, 6]), 0);
    values['Specs.RatedCurrent'] = amps;
    values['Specs.RatedCurrentText'] = `${amps}A`;
  }
  return {
    group: 'SMD',
    partno,
    series: series.code,
    values,
    packages: smdPackages(rng, thicknessMm, size.length),
    alternativeKey: `${size.code}|${farads}|${tc.dielectricClass}`,
  };
}

export { SMD_SERIES, SMD_SIZES };
