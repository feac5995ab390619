/**
 * Real inductor numbers. A chip inductor, LQM18PN2R2MFRL:
 *
 *   LQ  M         18   P           N        2R2        M         FR             L
 *   ID  structure size application category inductance tolerance specification packaging
 *
 * A metal-alloy power inductor in the current form, DFE2MCAH2R2MJ0L: size, application (2),
 * category, inductance, tolerance, thickness code, special code, packaging. In the older form,
 * DFE322512F-2R2M=P2: length and width (3.2 × 2.5 mm) and thickness (1.2 mm) in tenths of a
 * millimetre, a type, then `-` inductance and tolerance, then `=` packaging.
 */
import { shared } from '../common';
import { mm, mmText, quantityText } from '../numbers';
import {
  CHIP_INDUCTOR_LINES,
  CHIP_INDUCTOR_REELS,
  CHIP_INDUCTOR_SPECS,
  INCH_OF_MM,
  INDUCTANCE_TOLERANCES,
  INDUCTOR_PACKAGING,
  INDUCTOR_SIZES,
  OLDER_POWER_INDUCTOR_TYPES,
  POWER_INDUCTOR_MAX_HENRIES,
  POWER_INDUCTOR_PACKAGING,
  POWER_INDUCTOR_SPECS,
  POWER_INDUCTOR_TYPES,
  PRECISION_INDUCTOR_STRUCTURES,
} from './inductor-tables';
import { INDUCTOR_STRUCTURES, POWER_INDUCTOR_FACTS } from './series-tables';
import { packageForm, type ChipBody, type Decoded, type PartFacts, type RealPart } from './types';
import { readInductanceCode } from './value-codes';

const CHIP = /^(LQ([A-Z])([0-9A-Z]{2})([A-Z])([A-Z]))([0-9A-Z]{3})([A-Z])([0-9A-Z]{2})([A-Z])$/;
const POWER = /^(DFE([0-9A-Z]{2})([A-Z]{3}))([0-9A-Z]{3})([A-Z])([A-Z][0-9A-Z])([A-Z])$/;
const POWER_OLD = /^(DFE([0-9]{2})([0-9]{2})([0-9]{2})([A-Z]{1,3}))-([0-9A-Z]{3})([A-Z])=([0-9A-Z]{2})$/;

/** Tolerances in nanohenries are for values under 100 nH. */
const NANOHENRY_TOLERANCES = new Set(['W', 'B', 'C', 'S', 'D']);

/** Why a tolerance letter does not fit the value and the structure, or undefined when it does. */
function toleranceProblem(code: string, henries: number, structure: string): string | undefined {
  if (!INDUCTANCE_TOLERANCES[code]) return `'${code}' is not an inductance tolerance letter`;
  if (NANOHENRY_TOLERANCES.has(code)) return henries < 1e-7 ? undefined : `tolerance ${code} is for values under 100 nH`;
  return !'FGH'.includes(code) || PRECISION_INDUCTOR_STRUCTURES.includes(structure) ? undefined : `tolerance ${code} is made in air-core and film parts only`;
}

const CHIP_FACTS = { applications: ['Consumer equipment', 'Industrial Equipment', 'Mobile Electronics'], aec: false } as const;

/** Body dimensions as data sheets print them: `3.2×2.5×1.2mm`, `2.0×1.25mm`. */
function dimensionText(...millimetres: number[]): string {
  return `${millimetres.map((v) => (Number.isInteger(v) ? v.toFixed(1) : String(v))).join('×')}mm`;
}

/** The values every decoded inductor has: its series, body and inductance. */
function inductorValues(series: string, body: Pick<ChipBody, 'length' | 'width'> & { mm: string; inch?: string }, henries: number, tolerance: string): RealPart['values'] {
  const values: RealPart['values'] = {
    Brand: 'Maker',
    Series: series,
    'Specs.Length': mm(body.length),
    'Specs.LengthText': mmText(body.length),
    'Specs.Width': mm(body.width),
    'Specs.WidthText': mmText(body.width),
    'Specs.SizecodeMm': body.mm,
    'Specs.Dimension': dimensionText(body.length, body.width),
    'Specs.Inductance': henries,
    'Specs.InductanceText': quantityText(henries, 'H'),
    'Specs.InductanceTolerance': tolerance,
  };
  if (body.inch) values['Specs.SizecodeInch'] = body.inch;
  return values;
}

/**
 * Reads a chip inductor number (LQG, LQH, LQM, LQP, LQW): the part, why a number of this layout is
 * refused (a letter its line's numbering does not list, a value outside the line), or undefined
 * when the number is not of this layout.
 */
export function decodeChipInductor(partno: string): Decoded {
  const m = CHIP.exec(partno);
  if (!m) return undefined;
  const [, series, structureCode, sizeCode, applicationCode, categoryCode, valueCode, toleranceCode, specCode, packageCode] = m;
  const structure = INDUCTOR_STRUCTURES[structureCode];
  const line = CHIP_INDUCTOR_LINES[structureCode];
  if (!structure || !line) return `${series.slice(0, 3)} is not a chip inductor structure`;
  const application = line.applications[applicationCode];
  if (!application) return `'${applicationCode}' is not an application letter of LQ${structureCode} (${Object.keys(line.applications).join(', ')})`;
  if (!line.sizes.includes(sizeCode)) return `'${sizeCode}' is not a size LQ${structureCode} is made in`;
  if (!line.categories.includes(categoryCode)) return `'${categoryCode}' is not a category letter of LQ${structureCode}`;
  const henries = readInductanceCode(valueCode);
  if (henries === undefined) return `'${valueCode}' is not an inductance code`;
  if (henries > line.maxHenries) return `${henries} H is beyond LQ${structureCode}'s values`;
  const problem = toleranceProblem(toleranceCode, henries, structureCode);
  if (problem) return problem;
  const known = CHIP_INDUCTOR_SPECS[structureCode]?.[specCode];
  const reels = known ?? CHIP_INDUCTOR_REELS[structureCode];
  // A specification whose reels are known fixes the package; another accepts any package letter.
  if (!INDUCTOR_PACKAGING[packageCode] || (known && !known.includes(packageCode) && packageCode !== 'B')) return `'${packageCode}' is not a package of this part`;
  return {
    group: 'Ind',
    ...packageForm(partno, packageCode, INDUCTOR_PACKAGING[packageCode]),
    facts: { productName: application.productName ?? structure.productName, ...CHIP_FACTS },
    values: {
      ...inductorValues(series, INDUCTOR_SIZES[sizeCode], henries, INDUCTANCE_TOLERANCES[toleranceCode]),
      Construction: shared([application.construction ?? structure.construction]),
      TargetCircuitCategory: application.target,
    },
    variantCodes: reels,
  };
}

const POWER_FACTS: PartFacts = { productName: POWER_INDUCTOR_FACTS.productName, applications: CHIP_FACTS.applications, aec: false };
const POWER_VALUES = { Construction: shared([POWER_INDUCTOR_FACTS.construction]), TargetCircuitCategory: 'Power lines circuits' };

/** Reads a metal-alloy power inductor number in either form (DFE2MCAH2R2MJ0L, DFE322512F-2R2M=P2): the part, why not, or undefined when it is neither form. */
export function decodePowerInductor(partno: string): Decoded {
  return decodeCurrentPowerInductor(partno) ?? decodeOlderPowerInductor(partno);
}

/** Why a power inductor's value or tolerance cannot be, or undefined. */
function powerValueProblem(valueCode: string, henries: number | undefined, toleranceCode: string): string | undefined {
  if (henries === undefined) return `'${valueCode}' is not an inductance code`;
  if (henries > POWER_INDUCTOR_MAX_HENRIES) return `${henries} H is beyond the metal-alloy power inductors' values`;
  return toleranceProblem(toleranceCode, henries, 'DFE');
}

function decodeCurrentPowerInductor(partno: string): Decoded {
  const m = POWER.exec(partno);
  if (!m) return undefined;
  const [, series, sizeCode, typeCode, valueCode, toleranceCode, specCode, packageCode] = m;
  const size = INDUCTOR_SIZES[sizeCode];
  const henries = readInductanceCode(valueCode);
  if (!size) return `'${sizeCode}' is not a power inductor size`;
  const problem = powerValueProblem(valueCode, henries, toleranceCode);
  if (problem || henries === undefined) return problem;
  if (!POWER_INDUCTOR_TYPES.has(typeCode)) return `'${typeCode}' is not a DFE type code`;
  if (!POWER_INDUCTOR_SPECS.has(specCode) || packageCode !== 'L') return `'${specCode}${packageCode}' is not a DFE specification and package`;
  const [packageType, tolerance] = [INDUCTOR_PACKAGING[packageCode], INDUCTANCE_TOLERANCES[toleranceCode]];
  return {
    group: 'Ind',
    ...packageForm(partno, packageCode, packageType),
    facts: POWER_FACTS,
    values: { ...inductorValues(series, size, henries, tolerance), ...POWER_VALUES },
    variantCodes: ['L'],
  };
}

function decodeOlderPowerInductor(partno: string): Decoded {
  const m = POWER_OLD.exec(partno);
  if (!m) return undefined;
  const [, series, lengthCode, widthCode, thicknessCode, typeCode, valueCode, toleranceCode, packaging] = m;
  const henries = readInductanceCode(valueCode);
  const tolerance = INDUCTANCE_TOLERANCES[toleranceCode];
  const packageType = POWER_INDUCTOR_PACKAGING[packaging];
  const [length, width, thickness] = [lengthCode, widthCode, thicknessCode].map((code) => Number(code) / 10);
  const sizeMm = `${lengthCode}${widthCode}`;
  // The body must be one the maker makes, and no thicker than it is wide.
  if (!INCH_OF_MM[sizeMm] || thickness === 0 || thickness > width) return `${length}×${width}×${thickness} mm is not a body the maker makes`;
  if (!packageType) return `'=${packaging}' is not a package suffix`;
  if (!OLDER_POWER_INDUCTOR_TYPES.has(typeCode)) return `'${typeCode}' is not a DFE type code`;
  const problem = powerValueProblem(valueCode, henries, toleranceCode);
  if (problem || henries === undefined || !tolerance) return problem;
  const packageCode = `=${packaging}`;
  return {
    group: 'Ind',
    ...packageForm(partno, packageCode, packageType),
    facts: POWER_FACTS,
    values: {
      ...inductorValues(series, { length, width, mm: sizeMm, inch: INCH_OF_MM[sizeMm] }, henries, tolerance),
      'Specs.Thickness': mm(thickness),
      'Specs.ThicknessText': mmText(thickness),
      'Specs.Dimension': dimensionText(length, width, thickness),
      ...POWER_VALUES,
    },
    variantCodes: Object.keys(POWER_INDUCTOR_PACKAGING).map((code) => `=${code}`),
  };
}
