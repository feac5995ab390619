/**
 * Real ceramic-capacitor numbers. A chip part, GRM155R71C104KA88D:
 *
 *   GRM  15    5          R7              1C       104        K          A88            D
 *   series size thickness temperature char. voltage capacitance tolerance individual spec packaging
 *
 * A leaded part, RDER71H104K2M1H03A: series, temperature characteristic, voltage, capacitance,
 * tolerance, body size code, lead code, individual specification, packaging.
 */
import { capacitorSpecs } from '../capacitor-codes';
import { mm, mmText } from '../numbers';
import { CHIP_SPEC_CODES, LEADED_SPEC_CODES, plausibleChip, plausibleLeaded, type CapacitorRatings } from './capacitor-limits';
import {
  CAPACITANCE_TOLERANCES,
  CHIP_PACKAGING,
  CHIP_SIZES,
  CHIP_THICKNESSES,
  LEAD_BODY_CODES,
  LEAD_CODES,
  LEAD_PACKAGING,
  TEMPERATURE_CODES,
  VOLTAGE_CODES,
} from './capacitor-tables';
import { CHIP_CAPACITOR_SERIES, LEADED_CAPACITOR_SERIES } from './series-tables';
import { packageForm, type RealPart } from './types';
import { readCapacitanceCode } from './value-codes';

const CHIP = /^([A-Z]{2}[A-Z0-9])([0-9]{2})([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z]{3})([A-Z])$/;
const LEADED = /^(R[A-Z]E)([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])$/;

/** Paper tape carries the thin chips, plastic (embossed) tape the thick ones and the 01005 size. */
const PAPER_TAPE_MAX_MM = 0.85;
const PLASTIC_TAPE_ONLY_SIZES = new Set(['02']);

/** The ratings both forms share; undefined when a code is not in its table. */
function readRatings(tcCode: string, voltageCode: string, valueCode: string, toleranceCode: string): CapacitorRatings | undefined {
  const tc = TEMPERATURE_CODES[tcCode];
  const voltage = VOLTAGE_CODES[voltageCode];
  const farads = readCapacitanceCode(valueCode);
  if (!tc || !voltage || farads === undefined || !CAPACITANCE_TOLERANCES[toleranceCode]) return undefined;
  return { tc, voltage, farads, toleranceCode };
}

const specsOf = (r: CapacitorRatings): Record<string, string | number> => capacitorSpecs(r.farads, CAPACITANCE_TOLERANCES[r.toleranceCode], r.voltage, r.tc);

/** The reels a chip of this size and thickness is sold on. */
function chipReels(sizeCode: string, thickness: number | null): readonly string[] {
  if (PLASTIC_TAPE_ONLY_SIZES.has(sizeCode)) return ['L'];
  return thickness !== null && thickness <= PAPER_TAPE_MAX_MM ? ['D', 'J'] : ['L', 'K'];
}

/** Reads a chip capacitor number (GRM, GCM, GJM …); undefined when it is not one, a code is unknown or the ratings cannot fit the body. */
export function decodeChipCapacitor(partno: string): RealPart | undefined {
  const m = CHIP.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, sizeCode, thicknessCode, tcCode, voltageCode, valueCode, toleranceCode, specCode, packageCode] = m;
  const series = CHIP_CAPACITOR_SERIES[seriesCode];
  const size = CHIP_SIZES[sizeCode];
  const thickness = CHIP_THICKNESSES[thicknessCode];
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (!series || !size || thickness === undefined || !ratings || !CHIP_SPEC_CODES.has(specCode)) return undefined;
  if (!plausibleChip(seriesCode, sizeCode, size.width, thickness, ratings)) return undefined;
  const reels = chipReels(sizeCode, thickness);
  if (!reels.includes(packageCode) && !['B', 'C'].includes(packageCode)) return undefined;
  const values: RealPart['values'] = {
    'Specs.Length': mm(size.length),
    'Specs.LengthText': mmText(size.length),
    'Specs.Width': mm(size.width),
    'Specs.WidthText': mmText(size.width),
    'Specs.SizecodeMm': size.mm,
    'Specs.SizecodeInch': size.inch,
    'Specs.SmdType': series.smdType ?? 'Two-terminal',
    ...specsOf(ratings),
  };
  if (thickness !== null) {
    values['Specs.Thickness'] = mm(thickness);
    values['Specs.ThicknessText'] = mmText(thickness);
  }
  return {
    group: 'SMD',
    ...packageForm(partno, packageCode, CHIP_PACKAGING[packageCode]),
    facts: series,
    values,
    variantCodes: reels,
  };
}

/** Reads a leaded capacitor number (RDE, RCE, RHE, RPE); undefined when it is not one, a code is unknown or the ratings are outside its series. */
export function decodeLeadedCapacitor(partno: string): RealPart | undefined {
  const m = LEADED.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, tcCode, voltageCode, valueCode, toleranceCode, bodyCode, leadCode, specCode, packageCode] = m;
  const series = LEADED_CAPACITOR_SERIES[seriesCode];
  const lead = LEAD_CODES[leadCode];
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (!series || !lead || !ratings || !LEAD_BODY_CODES.has(bodyCode) || !LEADED_SPEC_CODES.has(specCode)) return undefined;
  // Taped leads come in an ammo pack, loose ones in bulk: the lead code decides the package.
  if (packageCode !== lead.packageCode || !plausibleLeaded(seriesCode, ratings)) return undefined;
  return {
    group: 'Lead',
    ...packageForm(partno, packageCode, LEAD_PACKAGING[packageCode]),
    facts: { ...series, mounting: series.mounting ?? ['Flow soldering'] },
    values: { ...specsOf(ratings), 'Specs.LeadSpace': mm(lead.spacing), 'Specs.LeadSpaceText': mmText(lead.spacing) },
    variantCodes: [lead.packageCode],
  };
}
