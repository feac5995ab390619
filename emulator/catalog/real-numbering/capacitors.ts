/**
 * Real ceramic-capacitor numbers. A chip part, GRM155R71C104KA88D:
 *
 *   GRM  15    5          R7              1C       104        K          A88            D
 *   series size thickness temperature char. voltage capacitance tolerance individual spec packaging
 *
 * A leaded part, RDER71H104K2M1H03A: series, temperature characteristic, voltage, capacitance,
 * tolerance, body size code, lead code, individual specification, packaging. The individual
 * specification (`A88`, `H03`) is the maker's control code: any three letters or digits.
 */
import { capacitorSpecs } from '../capacitor-codes';
import { mm, mmText } from '../numbers';
import { chipProblem, leadedProblem, type CapacitorRatings } from './capacitor-limits';
import {
  CAPACITANCE_TOLERANCES,
  CHIP_PACKAGING,
  CHIP_SIZES,
  CHIP_THICKNESSES,
  LEAD_BODY_CODES,
  LEAD_CODES,
  LEAD_PACKAGING,
  METAL_TERMINAL_HEIGHTS,
  TEMPERATURE_CODES,
  VOLTAGE_CODES,
} from './capacitor-tables';
import { CHIP_CAPACITOR_SERIES, LEADED_CAPACITOR_SERIES } from './series-tables';
import { packageForm, type Decoded, type RealPart } from './types';
import { readCapacitanceCode } from './value-codes';

const CHIP = /^([A-Z]{2}[A-Z0-9])([0-9]{2})([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z]{3})([A-Z])$/;
const LEADED = /^(R[A-Z]E)([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])$/;

/** Paper tape carries the thin chips, plastic (embossed) tape the thick ones and the 01005 size. */
const PAPER_TAPE_MAX_MM = 0.85;
const PLASTIC_TAPE_ONLY_SIZES = new Set(['02']);

/** The ratings both forms share, or why a code is not one of its table's. */
function readRatings(tcCode: string, voltageCode: string, valueCode: string, toleranceCode: string): CapacitorRatings | string {
  const tc = TEMPERATURE_CODES[tcCode];
  const voltage = VOLTAGE_CODES[voltageCode];
  const farads = readCapacitanceCode(valueCode);
  if (!tc) return `'${tcCode}' is not a temperature characteristic code`;
  if (!voltage) return `'${voltageCode}' is not a rated-voltage code`;
  if (farads === undefined) return `'${valueCode}' is not a capacitance code`;
  if (!CAPACITANCE_TOLERANCES[toleranceCode]) return `'${toleranceCode}' is not a capacitance tolerance letter`;
  return { tc, voltage, farads, toleranceCode };
}

const specsOf = (r: CapacitorRatings): Record<string, string | number> => capacitorSpecs(r.farads, CAPACITANCE_TOLERANCES[r.toleranceCode], r.voltage, r.tc);

/** The reels a chip of this size and thickness is sold on. */
function chipReels(sizeCode: string, thickness: number | null): readonly string[] {
  if (PLASTIC_TAPE_ONLY_SIZES.has(sizeCode)) return ['L'];
  return thickness !== null && thickness <= PAPER_TAPE_MAX_MM ? ['D', 'J'] : ['L', 'K'];
}

/** The thickness of a chip (or the height of a metal-terminal part) by its code; undefined when the code is not one. */
function thicknessOf(seriesCode: string, code: string): number | null | undefined {
  return /^K[RC]/.test(seriesCode) ? METAL_TERMINAL_HEIGHTS[code] : CHIP_THICKNESSES[code];
}

/**
 * Reads a chip capacitor number (GRM, GCM, GJM, GRJ, KRM …): the part, why a number of this layout
 * is refused (a code not in its table, ratings that cannot fit the body), or undefined when the
 * number is not of this layout. The individual specification code is any three letters or digits.
 */
export function decodeChipCapacitor(partno: string): Decoded {
  const m = CHIP.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, sizeCode, thicknessCode, tcCode, voltageCode, valueCode, toleranceCode, , packageCode] = m;
  const series = CHIP_CAPACITOR_SERIES[seriesCode];
  const size = CHIP_SIZES[sizeCode];
  const thickness = thicknessOf(seriesCode, thicknessCode);
  if (!series) return /^[GK]/.test(seriesCode) ? `${seriesCode} is not a chip capacitor series the emulator decodes` : undefined;
  if (!size) return `'${sizeCode}' is not a chip size code`;
  if (thickness === undefined) return `'${thicknessCode}' is not a thickness code of ${seriesCode}`;
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (typeof ratings === 'string') return ratings;
  const problem = chipProblem(seriesCode, sizeCode, size.width, thickness, ratings);
  if (problem) return problem;
  const reels = chipReels(sizeCode, thickness);
  if (!reels.includes(packageCode) && !['B', 'C'].includes(packageCode)) return `'${packageCode}' is not a package this chip is sold in (${reels.join(', ')})`;
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

/** Reads a leaded capacitor number (RDE, RCE, RHE, RPE): the part, why it is refused, or undefined when it is not of this layout. */
export function decodeLeadedCapacitor(partno: string): Decoded {
  const m = LEADED.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, tcCode, voltageCode, valueCode, toleranceCode, bodyCode, leadCode, , packageCode] = m;
  const series = LEADED_CAPACITOR_SERIES[seriesCode];
  const lead = LEAD_CODES[leadCode];
  if (!series) return undefined;
  if (!lead) return `'${leadCode}' is not a lead code`;
  if (!LEAD_BODY_CODES.has(bodyCode)) return `'${bodyCode}' is not a body size code`;
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (typeof ratings === 'string') return ratings;
  // Taped leads come in an ammo pack, loose ones in bulk: the lead code decides the package.
  if (packageCode !== lead.packageCode) return `lead code ${leadCode} comes in ${LEAD_PACKAGING[lead.packageCode]}, not package '${packageCode}'`;
  const problem = leadedProblem(seriesCode, ratings);
  if (problem) return problem;
  return {
    group: 'Lead',
    ...packageForm(partno, packageCode, LEAD_PACKAGING[packageCode]),
    facts: { ...series, mounting: series.mounting ?? ['Flow soldering'] },
    values: { ...specsOf(ratings), 'Specs.LeadSpace': mm(lead.spacing), 'Specs.LeadSpaceText': mmText(lead.spacing) },
    variantCodes: [lead.packageCode],
  };
}
