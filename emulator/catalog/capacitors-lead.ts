import { BaseList, shared, type BasePart, leadPackages } from './common';
import { TEMPERATURE_CHARACTERISTICS, VOLTAGES, capacitanceTolerances, capacitorSpecs } from './capacitor-codes';
import { capacitorPartno, capacitorRatings } from './capacitor-ratings';
import { E12, E6, massText, mm, mmText, round, seriesValues } from './numbers';
import type { Rng } from './rng';

/** Lead spacing forms: part-number code, lead space and lead wire diameter in mm. */
interface LeadForm {
  code: string;
  leadSpace: number;
  leadDiameter: number;
}

const FORMS: Readonly<Record<string, LeadForm>> = {
  '25': { code: '25', leadSpace: 2.5, leadDiameter: 0.5 },
  '50': { code: '50', leadSpace: 5.0, leadDiameter: 0.5 },
  '75': { code: '75', leadSpace: 7.5, leadDiameter: 0.6 },
  '10': { code: '10', leadSpace: 10.0, leadDiameter: 0.6 },
};

interface LeadSeries {
  code: string;
  productName: string;
  /** Disc capacitors have an outer diameter; dipped multilayer ones a rectangular body. */
  disc: boolean;
  forms: readonly string[];
  characteristics: readonly string[];
  voltages: readonly string[];
  min: number;
  max: number;
  applications: readonly string[];
  benefits: readonly string[];
  standard?: readonly string[];
  mounting: readonly string[];
  aec: boolean;
  density: number;
  recommended: string;
  leadFree: boolean;
}

const SERIES: readonly LeadSeries[] = [
  {
    code: 'MLR',
    productName: 'Leaded Multilayer Ceramic Capacitors for General Purpose',
    disc: false,
    forms: ['25', '50'],
    characteristics: ['X7R', 'X5R', 'C0G', 'SL', 'F'],
    voltages: ['16', '25', '50', '100', '250', '630'],
    min: 1e-12,
    max: 10e-6,
    applications: ['Consumer equipment', 'Industrial Equipment'],
    benefits: [],
    mounting: ['Flow soldering'],
    aec: false,
    density: 0.6,
    recommended: 'Through-hole boards of power supplies and appliances',
    leadFree: true,
  },
  {
    code: 'MLA',
    productName: 'Leaded Multilayer Ceramic Capacitors for Automotive',
    disc: false,
    forms: ['25', '50'],
    characteristics: ['X7R', 'C0G', 'X8R'],
    voltages: ['50', '100', '250', '630'],
    min: 10e-12,
    max: 4.7e-6,
    applications: ['Automotive powertrain/safety equipment', 'Automotive infotainment/comfort equipment'],
    benefits: [],
    mounting: ['Flow soldering', 'Welding'],
    aec: true,
    density: 0.55,
    recommended: 'Engine-room modules with through-hole mounting',
    leadFree: true,
  },
  {
    code: 'MLS',
    productName: 'Safety Standard Certified Disc Ceramic Capacitors',
    disc: true,
    forms: ['75', '10'],
    characteristics: ['B', 'E', 'F', 'SL'],
    voltages: ['250AC', '300AC', '440AC'],
    min: 10e-12,
    max: 10e-9,
    applications: ['Consumer equipment', 'Industrial Equipment'],
    benefits: ['Fail safe', 'Noise suppression'],
    standard: [
      'Certified by safety standard',
      'Based on the Electrical Appliance and Material Safety Law of Japan',
    ],
    mounting: ['Flow soldering'],
    aec: false,
    density: 0.7,
    recommended: 'Across-the-line and line-bypass noise suppression',
    leadFree: false,
  },
  {
    code: 'MLH',
    productName: 'High Voltage Disc Ceramic Capacitors',
    disc: true,
    forms: ['75', '10'],
    characteristics: ['B', 'E', 'SL', 'R'],
    voltages: ['1000', '2000', '3150', '6300', '10000', '20000', '40000'],
    min: 10e-12,
    max: 4.7e-9,
    applications: ['Industrial Equipment', 'Medical equipment [GHTF Class D]'],
    benefits: [],
    mounting: ['Flow soldering'],
    aec: false,
    density: 0.8,
    recommended: 'Snubbers, ionizers and X-ray power supplies',
    leadFree: false,
  },
];

/** Share of the possible values kept, so the group lands near 6,500 Partnos. */
const DENSITY = 1;
const VARIANT_LETTERS = 'ABCD';

export function generateLeadBases(rng: Rng): BasePart[] {
  const bases = new BaseList();
  for (const series of SERIES) {
    for (const formCode of series.forms) {
      const form = FORMS[formCode];
      for (const rating of capacitorRatings(series)) {
        const { tc, voltage } = rating;
        const max = Math.min(series.max * tc.capacityFactor * (tc.dielectricClass === 1 ? 0.01 : 1), series.max) /
          Math.sqrt(Math.max(1, voltage.volts / 50));
        const values = seriesValues(tc.dielectricClass === 1 ? E12 : E6, series.min, max);
        for (const farads of values) {
          if (!rng.chance(series.density * DENSITY)) continue;
          const tolerance = capacitanceTolerances(tc, farads)[rng.chance(0.7) ? 0 : 1];
          const variant = `${VARIANT_LETTERS[rng.int(0, 1)]}${rng.int(1, 2)}`;
          const partno = capacitorPartno(series.code, form.code, rating, farads, tolerance, variant);
          bases.add(partno, () => buildLead(rng, series, form, rating.tcName, rating.voltName, farads, tolerance, partno));
        }
      }
    }
  }
  return bases.parts;
}

export function buildLead(
  rng: Rng,
  series: LeadSeries,
  form: LeadForm,
  tcName: string,
  voltName: string,
  farads: number,
  tolerance: string,
  partno: string,
): BasePart {
  const tc = TEMPERATURE_CHARACTERISTICS[tcName];
  const voltage = VOLTAGES[voltName];
  // Bodies grow with voltage and capacitance.
  const scale = 1 + Math.log10(Math.max(1, voltage.volts / 50)) * 0.8 + Math.max(0, Math.log10(farads / 1e-9)) * 0.3;
  const width = round(Math.max(form.leadSpace + 1.5, 3.5 * scale), 2);
  const height = round(width + 1, 2);
  const thickness = round(series.disc ? 2.5 + scale * 0.8 : 2.5 + scale * 0.3, 2);
  const grams = round(width * height * thickness * 0.004 + 0.1, 2);
  const values: Record<string, string | number | boolean | string[]> = {
    ProductName: series.productName,
    RecommendedApplication: series.recommended,
    Application: shared(series.applications),
    Mounting: shared(series.mounting),
    'ComplianceInfo.AecQ200Support': series.aec,
    'ComplianceInfo.Rohs': series.leadFree || rng.chance(0.5),
    'ComplianceInfo.Reach': true,
    'ComplianceInfo.LeadFree': series.leadFree,
    'Specs.ReferenceMass': grams,
    'Specs.ReferenceMassText': massText(grams),
    'Specs.Length': mm(height),
    'Specs.LengthText': mmText(height),
    'Specs.Width': mm(width),
    'Specs.WidthText': mmText(width),
    'Specs.Thickness': mm(thickness),
    'Specs.ThicknessText': mmText(thickness),
    'Specs.ThicknessMax': mm(round(thickness + 0.5, 3)),
    'Specs.ThicknessMaxText': mmText(round(thickness + 0.5, 3)),
    'Specs.LeadSpace': mm(form.leadSpace),
    'Specs.LeadSpaceText': mmText(form.leadSpace, 0.8),
    'Specs.LeadDiameter': mm(form.leadDiameter),
    'Specs.LeadDiameterText': mmText(form.leadDiameter, 0.05),
    ...capacitorSpecs(farads, tolerance, voltage, tc),
  };
  if (series.disc) {
    values['Specs.OuterDiameter'] = mm(width);
    values['Specs.OuterDiameterText'] = `${mmText(width)} max.`;
  }
  const benefits = [...series.benefits];
  if (voltage.volts >= 10000) benefits.push('Withstands voltage of 10-40 kV');
  if (benefits.length > 0) values.Benefits = shared(benefits);
  if (voltage.volts >= 20000) values.Mounting = shared(['Fixing with screws']);
  if (series.standard) values.Standard = series.standard[rng.chance(0.8) ? 0 : 1];
  if (voltage.cls === 'AC') values.Caution = ['Use in accordance with the conditions of the safety standard certificate.'];
  return {
    group: 'Lead',
    partno,
    series: series.code,
    values,
    packages: leadPackages(rng),
    alternativeKey: `${form.code}|${farads}|${tc.dielectricClass}`,
  };
}

export { SERIES as LEAD_SERIES, FORMS as LEAD_FORMS };
