import { shared, type BasePart, smdPackages, temperatureRange } from './common';
import { E12, E24, E6, decimal, massText, mm, mmText, quantityText, round, seriesValues } from './numbers';
import { TOLERANCE_LETTERS, composeBasePartno, inductanceCode } from './part-numbers';
import type { Rng } from './rng';

interface InductorSize {
  code: string;
  mm: string;
  inch: string;
  length: number;
  width: number;
  thickness: number;
  /** Largest inductance the body reaches, in H. */
  maxH: number;
}

const SIZES: Readonly<Record<string, InductorSize>> = {
  '03': { code: '03', mm: '0603', inch: '0201', length: 0.6, width: 0.3, thickness: 0.3, maxH: 270e-9 },
  '15': { code: '15', mm: '1005', inch: '0402', length: 1.0, width: 0.5, thickness: 0.5, maxH: 2.2e-6 },
  '18': { code: '18', mm: '1608', inch: '0603', length: 1.6, width: 0.8, thickness: 0.8, maxH: 10e-6 },
  '21': { code: '21', mm: '2012', inch: '0805', length: 2.0, width: 1.25, thickness: 0.9, maxH: 22e-6 },
  '20': { code: '20', mm: '2016', inch: '0806', length: 2.0, width: 1.6, thickness: 1.0, maxH: 4.7e-6 },
  '25': { code: '25', mm: '2520', inch: '1008', length: 2.5, width: 2.0, thickness: 1.2, maxH: 10e-6 },
  '32': { code: '32', mm: '3225', inch: '1210', length: 3.2, width: 2.5, thickness: 1.5, maxH: 47e-6 },
  '40': { code: '40', mm: '4040', inch: '1616', length: 4.0, width: 4.0, thickness: 2.0, maxH: 100e-6 },
  '50': { code: '50', mm: '5050', inch: '2020', length: 5.0, width: 5.0, thickness: 3.0, maxH: 470e-6 },
};

type Kind = 'rf' | 'general' | 'power';

interface InductorSeries {
  code: string;
  productName: string;
  kind: Kind;
  sizes: readonly string[];
  /** Characteristic codes in the part number (material / Q grade sub-series). */
  characteristics: readonly string[];
  construction: readonly string[];
  brand: 'Maker' | 'Maker Power Solutions';
  target: string;
  min: number;
  max: number;
  steps: readonly number[];
  applications: readonly string[];
  aec: boolean;
  shield: string;
  density: number;
  feature: string;
}

const SERIES: readonly InductorSeries[] = [
  {
    code: 'MLG',
    productName: 'Chip Inductors (Multilayer Type) for High Frequency',
    kind: 'rf',
    sizes: ['03', '15', '18'],
    characteristics: ['HN', 'HS', 'HP'],
    construction: ['Multilayer type'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 0.3e-9,
    max: 270e-9,
    steps: E24,
    applications: ['Mobile Communication', 'Consumer equipment', 'Automotive infotainment/comfort equipment'],
    aec: false,
    shield: 'Unshielded',
    density: 0.75,
    feature: 'Multilayer inductor for RF matching with tight tolerance.',
  },
  {
    code: 'MLK',
    productName: 'Chip Inductors (Film Type) for High Frequency',
    kind: 'rf',
    sizes: ['03', '15'],
    characteristics: ['TF', 'TQ'],
    construction: ['Film type'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 0.2e-9,
    max: 100e-9,
    steps: E24,
    applications: ['Mobile Communication'],
    aec: false,
    shield: 'Unshielded',
    density: 0.75,
    feature: 'Thin-film inductor with high Q and narrow tolerance.',
  },
  {
    code: 'MWN',
    productName: 'Chip Inductors (Wire Wound Type, Non-magnetic Core)',
    kind: 'rf',
    sizes: ['15', '18', '21'],
    characteristics: ['HQ', 'HT'],
    construction: ['Wire wound type (Non mag)'],
    brand: 'Maker',
    target: 'High frequency circuits',
    min: 1e-9,
    max: 1e-6,
    steps: E12,
    applications: ['Mobile Communication', 'Industrial Equipment', 'Automotive powertrain/safety equipment'],
    aec: true,
    shield: 'Unshielded',
    density: 0.85,
    feature: 'Wire-wound air-core inductor with the highest Q.',
  },
  {
    code: 'MLF',
    productName: 'Chip Inductors (Multilayer Type, Ferrite)',
    kind: 'general',
    sizes: ['15', '18', '21', '32'],
    characteristics: ['FN', 'FB', 'FS'],
    construction: ['Multilayer type'],
    brand: 'Maker',
    target: 'General circuits',
    min: 10e-9,
    max: 47e-6,
    steps: E12,
    applications: ['Consumer equipment', 'Industrial Equipment', 'Mobile Electronics'],
    aec: false,
    shield: 'Magnetically shielded',
    density: 0.8,
    feature: 'Ferrite multilayer inductor for general signal lines.',
  },
  {
    code: 'MWF',
    productName: 'Power Inductors (Wire Wound Type, Ferrite Core)',
    kind: 'power',
    sizes: ['20', '25', '32', '40', '50'],
    characteristics: ['PF', 'PS'],
    construction: ['Wire wound type (Ferrite)'],
    brand: 'Maker',
    target: 'Power lines circuits',
    min: 0.47e-6,
    max: 470e-6,
    steps: E6,
    applications: ['Consumer equipment', 'Industrial Equipment', 'Automotive infotainment/comfort equipment'],
    aec: true,
    shield: 'Semi-shielded',
    density: 0.9,
    feature: 'Ferrite-core power inductor for DC-DC converters.',
  },
  {
    code: 'MPM',
    productName: 'Power Inductors (Metal Alloy Core)',
    kind: 'power',
    sizes: ['18', '20', '25', '32', '40', '50'],
    characteristics: ['PM', 'PH'],
    construction: ['Wire wound type (Metal)'],
    brand: 'Maker Power Solutions',
    target: 'Power lines circuits',
    min: 0.1e-6,
    max: 22e-6,
    steps: E12,
    applications: ['Mobile Electronics', 'Automotive powertrain/safety equipment', 'Industrial Equipment'],
    aec: true,
    shield: 'Magnetically shielded',
    density: 0.9,
    feature: 'Metal alloy power inductor with soft saturation.',
  },
  {
    code: 'MPD',
    productName: 'Coupled Power Inductors (2 Coils in 1 Unit)',
    kind: 'power',
    sizes: ['25', '32', '40'],
    characteristics: ['PD'],
    construction: ['Wire wound type (Metal)', '2 coils in 1 unit'],
    brand: 'Maker Power Solutions',
    target: 'Power lines circuits',
    min: 0.22e-6,
    max: 10e-6,
    steps: E6,
    applications: ['Industrial Equipment', 'Consumer equipment'],
    aec: false,
    shield: 'Magnetically shielded',
    density: 0.9,
    feature: 'Two coupled windings for SEPIC and multiphase converters.',
  },
];

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
  const bases: BasePart[] = [];
  const seen = new Set<string>();
  for (const series of SERIES) {
    for (const sizeCode of series.sizes) {
      const size = SIZES[sizeCode];
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
              if (seen.has(partno)) continue;
              seen.add(partno);
              bases.push(buildInductor(rng, series, size, characteristic, henries, tolerance, factor, partno));
            }
          }
        }
      }
    }
  }
  return bases;
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
    'Specs.ReferenceMass': grams,
    'Specs.ReferenceMassText': massText(grams),
    'Specs.Length': mm(size.length),
    'Specs.LengthText': mmText(size.length, 0.1),
    'Specs.Width': mm(size.width),
    'Specs.WidthText': mmText(size.width, 0.1),
    'Specs.Thickness': mm(size.thickness),
    'Specs.ThicknessText': mmText(size.thickness, 0.1),
    'Specs.ThicknessMax': mm(round(size.thickness + 0.1, 3)),
    'Specs.ThicknessMaxText': mmText(round(size.thickness + 0.1, 3)),
    'Specs.SizecodeMm': size.mm,
    'Specs.SizecodeInch': size.inch,
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

export { SERIES as INDUCTOR_SERIES, SIZES as INDUCTOR_SIZES };
