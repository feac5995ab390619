import { buildLead, LEAD_FORMS, LEAD_SERIES } from './capacitors-lead';
import { buildSmd, SMD_SERIES, SMD_SIZES } from './capacitors-smd';
import type { BasePart } from './common';
import { buildInductor, INDUCTOR_SERIES, INDUCTOR_SIZES } from './inductors';
import { createRng, type Rng } from './rng';

/**
 * Hostile but legal strings, for the security tests of everything that shows product data:
 * spreadsheet formula injection (values starting with = + - @), HTML/script, very long text,
 * right-to-left text and emoji. They sit on a fixed handful of parts in every group, whatever
 * the seed (HOSTILE_PARTNOS).
 */
export const HOSTILE_STRINGS = {
  hyperlink: '=HYPERLINK("http://evil.example","x")',
  formula: '=1+1',
  plusSum: '+SUM(A1)',
  minus: '-2+3',
  at: '@cmd',
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  long: `Long notice ${'0123456789'.repeat(499)}`.slice(0, 5000),
  rtl: 'מק״ט חלופי — بديل المنتج متوفر ✅🔌⚡',
} as const;

interface HostileSpec {
  basePartno: string;
  /** Builds the part with specs that match its part number. */
  build(rng: Rng, partno: string): BasePart;
  fields: Record<string, string>;
}

const smd = (series: number, size: string, tc: string, volts: string, farads: number, tol: string, thickness: number) =>
  (rng: Rng, partno: string): BasePart =>
    buildSmd(rng, SMD_SERIES[series], SMD_SIZES[size], tc, volts, farads, tol, thickness, partno);
const lead = (series: number, form: string, tc: string, volts: string, farads: number, tol: string) =>
  (rng: Rng, partno: string): BasePart => buildLead(rng, LEAD_SERIES[series], LEAD_FORMS[form], tc, volts, farads, tol, partno);
const ind = (series: number, size: string, characteristic: string, henries: number, tol: string, current: number) =>
  (rng: Rng, partno: string): BasePart =>
    buildInductor(rng, INDUCTOR_SERIES[series], INDUCTOR_SIZES[size], characteristic, henries, tol, current, partno);

/** Hostile parts per group. Their Partnos use the variant Z9, which the generators never use. */
const HOSTILE: readonly HostileSpec[] = [
  {
    basePartno: 'MCS18R71H104KZ9',
    build: smd(0, '18', 'X7R', '50', 1e-7, '±10%', 0.8),
    fields: { ProductName: HOSTILE_STRINGS.hyperlink, Notices: HOSTILE_STRINGS.formula },
  },
  {
    basePartno: 'MCS15R61A105KZ9',
    build: smd(0, '15', 'X5R', '10', 1e-6, '±10%', 0.5),
    fields: { ProductName: HOSTILE_STRINGS.plusSum, Notices: HOSTILE_STRINGS.script },
  },
  {
    basePartno: 'MCA21R71E225KZ9',
    build: smd(1, '21', 'X7R', '25', 2.2e-6, '±10%', 1.25),
    fields: { ProductName: HOSTILE_STRINGS.rtl, Notices: HOSTILE_STRINGS.long },
  },
  {
    basePartno: 'MLR25R71H104KZ9',
    build: lead(0, '25', 'X7R', '50', 1e-7, '±10%'),
    fields: { ProductName: HOSTILE_STRINGS.minus, Notices: HOSTILE_STRINGS.img },
  },
  {
    basePartno: 'MLS751XA2101JZ9',
    build: lead(2, '75', 'SL', '250AC', 1e-10, '±5%'),
    fields: { ProductName: HOSTILE_STRINGS.at, Notices: HOSTILE_STRINGS.rtl },
  },
  {
    basePartno: 'MPM25PMT01R0MZ9',
    build: ind(5, '25', 'PM', 1e-6, '±20%', 1),
    fields: { ProductName: HOSTILE_STRINGS.hyperlink, FeatureText: HOSTILE_STRINGS.script, Notices: HOSTILE_STRINGS.at },
  },
  {
    basePartno: 'MLG15HNT010NJZ9',
    build: ind(0, '15', 'HN', 10e-9, '±5%', 1),
    fields: { ProductName: HOSTILE_STRINGS.formula, FeatureText: HOSTILE_STRINGS.long, Notices: HOSTILE_STRINGS.minus },
  },
  {
    basePartno: 'MWF32PFT0100MZ9',
    build: ind(4, '32', 'PF', 10e-6, '±20%', 1),
    fields: { ProductName: HOSTILE_STRINGS.plusSum, FeatureText: HOSTILE_STRINGS.rtl, Notices: HOSTILE_STRINGS.img },
  },
];

/** Hostile base parts, with the hostile strings written over their free text. Fixed whatever the seed. */
export function createHostileBases(): BasePart[] {
  // A fixed stream: the hostile parts do not change with the catalog seed.
  const rng = createRng(0x5eed);
  return HOSTILE.map((spec) => {
    const base = spec.build(rng, spec.basePartno);
    Object.assign(base.values, spec.fields, { Status: 'In Production', NewProduct: false });
    base.packages = base.packages.slice(0, 2);
    base.alternativeKey = `hostile|${spec.basePartno}`;
    return base;
  });
}

/** Every Partno whose free-text fields carry hostile strings. */
export const HOSTILE_PARTNOS: readonly string[] = createHostileBases().flatMap((b) => b.packages.map((p) => `${b.partno}${p.code}`));
