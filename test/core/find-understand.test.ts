/**
 * What PartSpec understands of real BOM lines and other makers' numbers (the table in
 * find-lines.ts, expectations written by hand), and how it says so in en, ja and zh.
 */
import { describeUnderstood } from '../../core/find/describe';
import { decodeNumber } from '../../core/find/decode-number';
import { MAKER_LINES } from '../../core/find/maker-lines';
import { understandLine } from '../../core/find/understand';
import type { PartKind, Understood } from '../../core/find/types';
import { FIND_LINES, type Expected } from './find-lines';

const KINDS: Readonly<Record<Expected['k'], PartKind | undefined>> = {
  C: 'ceramicCapacitor', L: 'inductor', R: 'resistor', E: 'electrolytic', T: 'tantalum', F: 'filmCapacitor', B: 'bead', X: 'crystal', D: 'diode', Q: 'transistor', IC: 'ic', J: 'connector', O: 'other', '-': undefined,
};
const PREFIXES: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6 };

/** `100n` → 1e-7, as the table writes values. */
function valueOf(text: string): number {
  const m = /^([\d.]+)([pnu])$/.exec(text);
  if (!m) throw new Error(`bad expected value ${text}`);
  return Number((Number(m[1]) * PREFIXES[m[2]]).toPrecision(12));
}

/** `10%` → ±10 %, `0.25pF` → ±0.25 pF. */
function toleranceOf(text: string): Understood['tolerance'] {
  if (text.endsWith('%')) return { value: Number(text.slice(0, -1)), unit: '%' };
  return { value: Number((Number(text.slice(0, -2)) * 1e-12).toPrecision(6)), unit: 'F' };
}

/** The parts of an understanding the table pins down. */
function pinned(u: Understood): Record<string, unknown> {
  return {
    kind: u.kind,
    capacitance: u.capacitance,
    inductance: u.inductance,
    voltage: u.voltage,
    characteristic: u.characteristic,
    size: u.size?.inch ?? u.size?.mm,
    tolerance: u.tolerance,
    current: u.current,
    automotive: u.automotive ?? false,
    maker: u.decoded?.maker,
  };
}

function expectedOf(e: Expected): Record<string, unknown> {
  return {
    kind: KINDS[e.k],
    capacitance: e.c === undefined ? undefined : valueOf(e.c),
    inductance: e.h === undefined ? undefined : valueOf(e.h),
    voltage: e.v,
    characteristic: e.tc,
    size: e.s,
    tolerance: e.t === undefined ? undefined : toleranceOf(e.t),
    current: e.a,
    automotive: e.auto ?? false,
    maker: e.m,
  };
}

describe('understanding a BOM line', () => {
  it('has a table of at least 150 real lines in many notations', () => {
    expect(FIND_LINES.length).toBeGreaterThanOrEqual(150);
    const makers = new Set(FIND_LINES.flatMap(([, e]) => (e.m ? [e.m] : [])));
    expect([...makers].sort()).toEqual(['Bourns', 'Coilcraft', 'KEMET', 'KYOCERA AVX', 'Samsung', 'Sunlord', 'TDK', 'Taiyo Yuden', 'Walsin', 'Yageo']);
  });

  it.each(FIND_LINES.map(([line, e]) => [line, e] as const))('%s', (line, e) => {
    expect(pinned(understandLine(line))).toEqual(expectedOf(e));
  });

  it('reads a plain line as its kind when the caller names one (PART.SUGGEST category)', () => {
    expect(understandLine('10u', { kind: 'inductor' })).toMatchObject({ kind: 'inductor', inductance: 10e-6 });
    expect(understandLine('CL05B104KO5NNNC', { kind: 'inductor' }).kind).toBe('ceramicCapacitor');
  });

  it('adds automotive grade when the BOM or the user asks for it', () => {
    expect(understandLine('100n 0402', { automotive: true }).automotive).toBe(true);
  });

  it('says what it understood in English, Japanese and Chinese', () => {
    const u = understandLine('CL05B104KO5NNNC');
    expect(describeUnderstood(u, 'en')).toBe('ceramic capacitor, 100 nF, ≥ 16 V, X7R, 0402 (1005), ±10% or tighter, from Samsung CL05B104KO5NNNC');
    expect(describeUnderstood(u, 'ja')).toBe('セラミックコンデンサ、100 nF、16 V 以上、X7R、0402 (1005)、±10% 以内、Samsung CL05B104KO5NNNC より');
    expect(describeUnderstood(u, 'zh')).toBe('陶瓷电容，100 nF，≥16 V，X7R，0402 (1005)，±10% 以内，来自 Samsung CL05B104KO5NNNC');
    expect(describeUnderstood(understandLine('SRN4018-100M | 3A'), 'en')).toBe('inductor, 10 µH, 1616 (4040), ±20% or tighter, ≥ 3 A, from Bourns SRN4018-100M');
    expect(describeUnderstood(understandLine('TBD'), 'ja')).toBe('読み取れる情報なし');
  });

  it('keeps the decode tables as data: every line names its maker and decodes a number of its own', () => {
    const examples: Readonly<Record<string, string>> = {
      CL: 'CL10B104KB8NNNC', CC: 'CC0402KRX7R7BB104', C: 'C1005X7R1C104K050BC', CGA: 'CGA3E2X7R1H104K080AA', MK: 'EMK107BJ105KA-T', 'C (SMD)': 'C0603C104K5RACTU',
    };
    for (const line of MAKER_LINES) {
      expect(line.maker).not.toBe('');
      const example = examples[line.line];
      if (example) expect(decodeNumber(example)?.decoded).toEqual({ partno: example, maker: line.maker, line: line.line });
    }
    expect(decodeNumber('GRM155R71C104KA88D')).toBeUndefined();
    expect(decodeNumber('STM32F103C8T6')).toBeUndefined();
  });
});
