/*
 * Another maker's part number → what it says (kind, value, voltage, characteristic, size,
 * tolerance), by the numbering tables of maker-lines.ts. A number no table reads is undefined.
 */
import { MAKER_LINES, type MakerLine, type ValueCode } from './maker-lines';
import { sizeFromBody, sizeFromInch, sizeFromMm } from './sizes';
import type { BodySize, Understood } from './types';

const round = (v: number): number => Number(v.toPrecision(12));

/** A three-character code: two significant digits and a power of ten (104), or R as the point (4R7, R47). */
function significant(code: string, unit: number): number | undefined {
  if (/^\d{3}$/.test(code)) return round(Number(code.slice(0, 2)) * 10 ** Number(code[2]) * unit);
  if (/^\d*R\d+$/.test(code)) return round(Number(code.replace('R', '.')) * unit);
  return undefined;
}

/** A value code of a scheme: see ValueCode. `10N`/`2N2` are nH and `R10` µH in every scheme. */
function readValueCode(code: string, scheme: ValueCode): number | undefined {
  if (/^\d+N\d*$/.test(code)) return round(Number(code.replace('N', '.')) * 1e-9);
  if (scheme === 'pF3') return significant(code, 1e-12);
  if (/R/.test(code)) return significant(code, 1e-6);
  return significant(code, scheme === 'uH3' ? 1e-6 : 1e-9);
}

/** A body code of four digits: `square` (4020 → 4.0 mm square; 1260 → 12 mm square) or `lw` (2520 → 2.5 × 2.0 mm). */
/**
 * A power inductor's body is a constraint only where it is one of the size codes both systems
 * name (4.0 mm square is 1616 / 4040): another maker's 6 × 6 mm or 12 mm body has no code in the
 * API, so the line is answered by what it states (inductance, tolerance, current), not refused.
 */
function bodyOf(dims: string, code: 'square' | 'lw'): BodySize | undefined {
  const side = (two: string): number => (two.startsWith('1') ? Number(two) : Number(two) / 10);
  const body = code === 'square' ? sizeFromBody(side(dims.slice(0, 2)), side(dims.slice(0, 2))) : sizeFromBody(Number(dims.slice(0, 2)) / 10, Number(dims.slice(2, 4)) / 10);
  return body?.inch ? body : undefined;
}

function sizeOf(line: MakerLine, groups: Readonly<Record<string, string | undefined>>): BodySize | undefined {
  if (line.size === 'square' || line.size === 'lw') return groups.dims ? bodyOf(groups.dims, line.size) : undefined;
  const code = groups.size;
  if (code === undefined) return undefined;
  // An inductor's inch code is a constraint only where it names a metric body too (IHLP-2525 has no code in the API).
  if (line.size === 'inch') return line.kind === 'inductor' && !sizeFromInch(code).mm ? undefined : sizeFromInch(code);
  if (line.size === 'mm') return sizeFromMm(code);
  const inch = line.sizes?.[code];
  return inch ? sizeFromInch(inch) : undefined;
}

function voltageOf(line: MakerLine, code: string | undefined): number | undefined {
  if (code === undefined || line.voltages === undefined) return undefined;
  if (line.voltages === 'sig3') return /R/.test(code) ? Number(code.replace('R', '.')) : significant(code, 1);
  return line.voltages[code];
}

/** The first table that reads `partno` in full, and what the number says. */
export function decodeNumber(partno: string): Understood | undefined {
  const number = partno.normalize('NFKC').trim().toUpperCase();
  for (const line of MAKER_LINES) {
    const m = line.pattern.exec(number);
    if (!m?.groups) continue;
    const g = m.groups;
    const value = g.value === undefined ? undefined : readValueCode(g.value, line.value);
    if (value === undefined) continue;
    const characteristic = g.tc === undefined ? undefined : line.characteristics?.[g.tc];
    if (g.tc !== undefined && characteristic === undefined) continue;
    const voltage = voltageOf(line, g.volt);
    if (g.volt !== undefined && voltage === undefined) continue;
    const size = sizeOf(line, g);
    const tolerance = g.tol === undefined ? undefined : line.tolerances[g.tol];
    const automotive = line.automotive === true || (line.automotive instanceof RegExp && line.automotive.test(number));
    return {
      kind: line.kind,
      ...(line.kind === 'ceramicCapacitor' ? { capacitance: value } : { inductance: value }),
      ...(voltage === undefined ? {} : { voltage }),
      ...(characteristic === undefined ? {} : { characteristic }),
      ...(size ? { size } : {}),
      ...(tolerance ? { tolerance } : {}),
      ...(automotive ? { automotive } : {}),
      ...(line.leaded ? { leaded: true } : {}),
      ...(line.leadSpaces && g.series !== undefined && line.leadSpaces[g.series] !== undefined ? { leadSpace: line.leadSpaces[g.series] } : {}),
      decoded: { partno: number, maker: line.maker, line: line.line },
    };
  }
  return undefined;
}
