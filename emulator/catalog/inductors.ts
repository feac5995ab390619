import { BaseList, chipBodySpecs, seriesSizes, shared, type BasePart, smdPackages, temperatureRange } from './common';
import { decimal, quantityText, round, seriesValues } from './numbers';
import { TOLERANCE_LETTERS, composeBasePartno } from './part-numbers';
import { inductanceCode } from './real-numbering/value-codes';
import type { Rng } from './rng';
import { INDUCTOR_SERIES, INDUCTOR_SIZES, type InductorSeries, type InductorSize, type Kind } from './inductor-series';

const REFLOW = ['Reflow'];
const REFLOW_FLOW = ['Reflow', 'Flow'];

/** Rated-current classes: the part-number code and a multiplier of the base current. */
const CURRENT_CLASSES: readonly (readonly [string, number])[] = [
  ['T0', 1],
  ['T1', 1.5],
  ['T2', 2.2],
];

/** Density multiplier so the group lands near 11,000 Partnos. */
const DENSITY = 0.92;

export function generateInductorBases(rng: Rng): BasePart[] {
  const bases = new BaseList();
  for (const [series, size] of seriesSizes(INDUCTOR_SERIES, INDUCTOR_SIZES)) {
    const max = Math.min(series.max, size.maxH);
    for (const characteristic of series.characteristics) {
      for (const henries of seriesValues(series.steps, series.min, max)) {
        for (const [rating, factor] of CURRENT_CLASSES.slice(0, series.kind === 'power' ? 3 : 1)) {
          for (const tolerance of inductanceTolerances(series.kind, henries)) {
            if (!rng.chance(series.density * DENSITY)) continue;
            const variant = `${rng.pick(['A', 'B'])}${rng.int(1, 2)}`;
            const partno = composeBasePartno({
              series: series.code,
              size: size.code,
              characteristic,
              rating,
              value: inductanceCode(henries),
              tolerance: TOLERANCE_LETTERS[tolerance],
              variant,
            });
            bases.add(partno, () => buildInductor(rng, series, size, characteristic, henries, tolerance, factor, partno));
          }
        }
      }
    }
  }
  return bases.parts;
}

function inductanceTolerances(kind: Kind, henries: number): string[] {
  if (kind === 'power') return ['±20%', '±30%'];
  if (kind === 'general') return ['±10%', '±20%'];
  if (henries < 10e-9) return ['±0.1nH', '±0.2nH', '±0.3nH'];
  return ['±2%', '±5%'];
}

export function buildInductor(
  rng: Rng,
  series: InductorSeries,
  size: InductorSize,
  characteristic: string,
  henries: number,
  tolerance: string,
  currentFactor: number,
  partno: string,
): BasePart {
  const area = size.length * size.width;
  const baseCurrent = series.kind === 'power' ? 0.5 * area : series.kind === 'general' ? 0.15 * area : 0.4 * area;
  const current = round((baseCurrent * currentFactor) / Math.pow(henries / 1e-6 + 0.05, series.kind === 'power' ? 0.45 : 0.2), 2);
  const rdc = round(Math.max(0.005, (0.02 * Math.pow(henries / 1e-9, 0.6)) / (area * currentFactor)), 2);
  const srf = round(1 / (2 * Math.PI * Math.sqrt(henries * 0.2e-12 * (1 + area))), 2);
  const grams = round(area * size.thickness * 0.005, 2);
  const minTemp = -55;
  const maxTemp = series.kind === 'power' ? 150 : 125;
  const values: Record<string, string | number | boolean | string[]> = {
    ProductName: series.productName,
    RecommendedApplication: series.kind === 'power' ? 'DC-DC converter output and input filters' : 'Impedance matching and filters',
    MSL: series.kind === 'power' ? '1' : 'Not applicable',
    Application: shared(series.applications),
    Brand: series.brand,
    Series: `${series.code}${size.code}${characteristic}`,
    Soldering: shared(series.kind === 'power' ? REFLOW : REFLOW_FLOW),
    MagneticShieldClass: series.shield,
    DcResistanceCenterValues: `${quantityText(round(rdc * 0.8, 2), 'Ω')} typ.`,
    FeatureText: series.feature,
    TargetCircuitCategory: series.target,
    Construction: shared(series.construction),
    'ComplianceInfo.AecQ200Support': series.aec,
    'ComplianceInfo.Rohs': true,
    'ComplianceInfo.Reach': true,
    'ComplianceInfo.LeadFree': true,
    ...chipBodySpecs({ grams, size, thickness: size.thickness, lengthTolerance: 0.1, thicknessTolerance: 0.1, thicknessMax: round(size.thickness + 0.1, 3) }),
    'Specs.Inductance': henries,
    'Specs.InductanceText': quantityText(henries, 'H'),
    'Specs.InductanceTolerance': tolerance,
    'Specs.RatedCurrent': current,
    'Specs.RatedCurrentText': `${current}A`,
    'Specs.RdcMax': rdc,
    'Specs.RdcMaxText': quantityText(rdc, 'Ω'),
    'Specs.SrfMin': srf,
    'Specs.SrfMinText': quantityText(srf, 'Hz'),
    'Specs.Dimension': `${size.length.toFixed(1)}×${size.width.toFixed(1)}×${size.thickness.toFixed(1)}mm`,
    'Specs.OperatingTemperatureRange': temperatureRange(minTemp, maxTemp),
  };
  if (series.kind === 'power') {
    const itemp = round(current * 0.9, 2);
    const isat = round(current * (series.code === 'MPM' ? 1.4 : 1.1), 2);
    values['Specs.RatedCurrentItemp'] = itemp;
    values['Specs.RatedCurrentItempText'] = `${itemp}A`;
    values['Specs.RatedCurrentIsat'] = isat;
    values['Specs.RatedCurrentIsatText'] = `${isat}A`;
    values['Specs.OperatingTemperatureRangeIncludingSelfRise'] = temperatureRange(-40, maxTemp);
    values['Specs.OperatingTemperatureRangeNotIncludingSelfRise'] = temperatureRange(-40, maxTemp - 40);
  } else {
    const qTest = decimal(rng.pick([100, 250, 500]), 6);
    values['Specs.QMin'] = String(series.kind === 'rf' ? rng.pick([8, 10, 15, 20]) : rng.pick([5, 8]));
    values['Specs.QTestFrequency'] = qTest;
    values['Specs.QTestFrequencyText'] = quantityText(qTest, 'Hz');
  }
  return {
    group: 'Ind',
    partno,
    series: series.code,
    values,
    packages: smdPackages(rng, size.thickness, size.length),
    alternativeKey: `${size.code}|${henries}|${series.kind}`,
  };
}

export { INDUCTOR_SERIES, INDUCTOR_SIZES };
