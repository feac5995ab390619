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
import {
  CAPACITANCE_TOLERANCES,
  CHIP_PACKAGING,
  CHIP_SIZES,
  CHIP_THICKNESSES,
  LEAD_PACKAGING,
  LEAD_SPACINGS,
  TEMPERATURE_CODES,
  VOLTAGE_CODES,
} from './capacitor-tables';
import { CHIP_CAPACITOR_SERIES, LEADED_CAPACITOR_SERIES } from './series-tables';
import { packageForm, type RealPart } from './types';
import { readCapacitanceCode } from './value-codes';

const CHIP = /^([A-Z]{2}[A-Z0-9])([0-9]{2})([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z]{3})([A-Z])$/;
const LEADED = /^(R[A-Z]E)([0-9A-Z]{2})([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])([0-9A-Z])([0-9A-Z]{2})([0-9A-Z]{3})([A-Z])$/;

/** Paper tape carries the thin chips, plastic (embossed) tape the thick ones. */
const PAPER_TAPE_MAX_MM = 0.85;

/** The electrical values both forms share; undefined when a code is not in its table. */
function readRatings(tcCode: string, voltageCode: string, valueCode: string, toleranceCode: string): Record<string, string | number> | undefined {
  const tc = TEMPERATURE_CODES[tcCode];
  const voltage = VOLTAGE_CODES[voltageCode];
  const farads = readCapacitanceCode(valueCode);
  const tolerance = CAPACITANCE_TOLERANCES[toleranceCode];
  if (!tc || !voltage || farads === undefined || !tolerance) return undefined;
  return capacitorSpecs(farads, tolerance, voltage, tc);
}

/** Reads a chip capacitor number (GRM, GCM, GJM …); undefined when it is not one. */
export function decodeChipCapacitor(partno: string): RealPart | undefined {
  const m = CHIP.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, sizeCode, thicknessCode, tcCode, voltageCode, valueCode, toleranceCode, , packageCode] = m;
  const series = CHIP_CAPACITOR_SERIES[seriesCode];
  const size = CHIP_SIZES[sizeCode];
  const thickness = CHIP_THICKNESSES[thicknessCode];
  const packageType = CHIP_PACKAGING[packageCode];
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (!series || !size || thickness === undefined || !packageType || !ratings) return undefined;
  const values: RealPart['values'] = {
    'Specs.Length': mm(size.length),
    'Specs.LengthText': mmText(size.length),
    'Specs.Width': mm(size.width),
    'Specs.WidthText': mmText(size.width),
    'Specs.SizecodeMm': size.mm,
    'Specs.SizecodeInch': size.inch,
    'Specs.SmdType': series.smdType ?? 'Two-terminal',
    ...ratings,
  };
  if (thickness !== null) {
    values['Specs.Thickness'] = mm(thickness);
    values['Specs.ThicknessText'] = mmText(thickness);
  }
  return {
    group: 'SMD',
    ...packageForm(partno, packageCode, packageType),
    facts: series,
    values,
    variantCodes: thickness === null || thickness <= PAPER_TAPE_MAX_MM ? ['D', 'J'] : ['L', 'K'],
  };
}

/** Reads a leaded capacitor number (RDE, RCE, RHE, RPE); undefined when it is not one. */
export function decodeLeadedCapacitor(partno: string): RealPart | undefined {
  const m = LEADED.exec(partno);
  if (!m) return undefined;
  const [, seriesCode, tcCode, voltageCode, valueCode, toleranceCode, , leadCode, , packageCode] = m;
  const series = LEADED_CAPACITOR_SERIES[seriesCode];
  const packageType = LEAD_PACKAGING[packageCode];
  const ratings = readRatings(tcCode, voltageCode, valueCode, toleranceCode);
  if (!series || !packageType || !ratings) return undefined;
  const values: RealPart['values'] = { ...ratings };
  const spacing = LEAD_SPACINGS[leadCode];
  if (spacing !== undefined) {
    values['Specs.LeadSpace'] = mm(spacing);
    values['Specs.LeadSpaceText'] = mmText(spacing);
  }
  return {
    group: 'Lead',
    ...packageForm(partno, packageCode, packageType),
    facts: { ...series, mounting: series.mounting ?? ['Flow soldering'] },
    values,
    variantCodes: Object.keys(LEAD_PACKAGING),
  };
}
