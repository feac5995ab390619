/**
 * A claim is checked before it is made (issue 44), on the table of hand-read BOM lines in
 * claim-lines.ts: the reader understands every constraint each line states, and against the
 * emulator over HTTP every candidate, read back from the service by its part number, meets them
 * all (a leaded line gets leaded parts of at least its voltage, a K line never a ±20 % part, F is
 * F); a film, electrolytic or tantalum line gets no ceramic candidate and a sentence why.
 */
import { createClient, type Client } from '../../../api/client';
import { readValue, type ProductRecord } from '../../../api/product';
import { findAllowedValue } from '../../../api/vocabulary';
import { findParts } from '../../../core/find/find-parts';
import type { PartKind, Understood } from '../../../core/find/types';
import { understandLine } from '../../../core/find/understand';
import { DEMO_KEY } from '../../../emulator';
import { useEmulator } from '../../support/use-emulator';
import { CLAIM_LINES, type Claim } from './claim-lines';

jest.setTimeout(120_000);

const KINDS: Readonly<Record<Claim['k'], PartKind>> = { C: 'ceramicCapacitor', L: 'inductor', E: 'electrolytic', F: 'filmCapacitor', T: 'tantalum' };
const PREFIXES: Readonly<Record<string, number>> = { p: 1e-12, n: 1e-9, u: 1e-6 };
const valueOf = (text: string): number => Number((Number(text.slice(0, -1)) * PREFIXES[text.slice(-1)]).toPrecision(12));
const near = (a: unknown, b: number): boolean => typeof a === 'number' && Math.abs(a - b) <= Math.abs(b) * 1e-6;
/** `±10%` → 10; anything else (asymmetric, absent) → undefined. */
const percentOf = (text: unknown): number | undefined => {
  const m = /^±\s*([\d.]+)\s*%$/.exec(String(text ?? '').normalize('NFKC').trim());
  return m ? Number(m[1]) : undefined;
};

/** The constraints of a claim a product breaks, read from its own record by this test's own rules. */
function broken(p: ProductRecord, claim: Claim): string[] {
  const out: string[] = [];
  const spec = (k: string): unknown => readValue(p, `Specs.${k}`);
  if (findAllowedValue('Status', String(readValue(p, 'Status')))?.en !== 'In Production') out.push('status');
  if (claim.k === 'C' && p.group !== (claim.lead ? 'Lead' : 'SMD')) out.push(`group ${p.group}`);
  if (claim.k === 'L' && p.group !== 'Ind') out.push(`group ${p.group}`);
  if (claim.c && !near(spec('Capacitance'), valueOf(claim.c))) out.push('capacitance');
  if (claim.h && !near(spec('Inductance'), valueOf(claim.h))) out.push('inductance');
  if (claim.v !== undefined && !(Number(spec('RatedVoltage')) >= claim.v)) out.push(`voltage ${String(spec('RatedVoltage'))}`);
  if (claim.tc && spec('TemperatureCharacteristics') !== claim.tc) out.push(`characteristic ${String(spec('TemperatureCharacteristics'))}`);
  if (claim.s && spec('SizecodeInch') !== claim.s) out.push(`size ${String(spec('SizecodeInch'))}`);
  if (claim.a !== undefined && !(Number(spec('RatedCurrentItemp')) >= claim.a)) out.push('current');
  if (claim.ls !== undefined && !(Math.abs(Number(spec('LeadSpace')) * 1000 - claim.ls) <= 0.2)) out.push(`lead space ${String(spec('LeadSpace'))}`);
  if (claim.t) {
    const got = percentOf(spec(claim.k === 'L' ? 'InductanceTolerance' : 'ToleranceCapacitance'));
    if (got === undefined || got > Number(claim.t.slice(0, -1))) out.push(`tolerance ${String(spec(claim.k === 'L' ? 'InductanceTolerance' : 'ToleranceCapacitance'))}`);
  }
  return out;
}

/** What a claim says the reader must have understood (undefined: the line does not say). */
function expectedUnderstanding(claim: Claim): Partial<Understood> {
  return {
    kind: KINDS[claim.k],
    ...(claim.c ? { capacitance: valueOf(claim.c) } : {}),
    ...(claim.h ? { inductance: valueOf(claim.h) } : {}),
    ...(claim.v !== undefined ? { voltage: claim.v } : {}),
    ...(claim.tc ? { characteristic: claim.tc } : {}),
    ...(claim.t ? { tolerance: { value: Number(claim.t.slice(0, -1)), unit: '%' as const } } : {}),
    ...(claim.a !== undefined ? { current: claim.a } : {}),
    ...(claim.lead ? { leaded: true } : {}),
    ...(claim.ls !== undefined ? { leadSpace: claim.ls / 1000 } : {}),
  };
}

test('the table holds at least 150 real lines, leaded, film, electrolytic and other makers’ power inductors among them', () => {
  expect(CLAIM_LINES.length).toBeGreaterThanOrEqual(150);
  const count = (f: (c: Claim) => boolean): number => CLAIM_LINES.filter(([, c]) => f(c)).length;
  expect(count((c) => c.lead === true)).toBeGreaterThanOrEqual(20);
  expect(count((c) => c.k === 'F')).toBeGreaterThanOrEqual(10);
  expect(count((c) => c.k === 'E')).toBeGreaterThanOrEqual(10);
  expect(count((c) => c.k === 'L' && c.a !== undefined && c.t !== undefined)).toBeGreaterThanOrEqual(20);
});

describe('the reader understands every constraint a line states', () => {
  test.each(CLAIM_LINES.map(([line, claim]) => [line, claim] as const))('%s', (line, claim) => {
    const u = understandLine(line);
    expect(u).toMatchObject(expectedUnderstanding(claim));
    if (claim.s) expect(u.size?.inch).toBe(claim.s);
    // A leaded part is never searched by a chip size.
    if (claim.lead) expect(u.size).toBeUndefined();
  });
});

describe('against the emulator', () => {
  const emulator = useEmulator();
  let client: Client;

  beforeAll(() => {
    client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });
  });

  test('every candidate, read back from the service, meets every constraint its line states, or the line gets none with a reason', async () => {
    const lines = CLAIM_LINES.map(([line]) => line);
    const { answers } = await findParts(lines, client, { count: 5 });
    const partnos = [...new Set(answers.flatMap((a) => a.candidates.map((c) => c.Partno)))];
    const readBack = await client.lookup(partnos);
    const failures: string[] = [];
    let answered = 0;
    let leadedAnswered = 0;
    let powerAnswered = 0;
    answers.forEach((answer, i) => {
      const claim = CLAIM_LINES[i][1];
      if (claim.k === 'E' || claim.k === 'F' || claim.k === 'T') {
        if (answer.candidates.length > 0) failures.push(`${answer.input}: a ${claim.k} line got ${answer.candidates.map((c) => c.Partno).join(', ')}`);
        expect(answer.reason).toMatch(/^Not a kind of part .*'s API offers: .* \(ceramic capacitors and inductors only\)\.$/);
        return;
      }
      if (answer.candidates.length === 0) {
        expect(answer.reason).toMatch(/\S.*\.$/);
        return;
      }
      answered++;
      if (claim.lead) leadedAnswered++;
      if (claim.k === 'L' && claim.a !== undefined && claim.t !== undefined) powerAnswered++;
      for (const c of answer.candidates) {
        const product = readBack.get(c.Partno)?.products.find((p) => p.partno === c.Partno);
        if (!product) failures.push(`${answer.input}: ${c.Partno} not found when read back`);
        else for (const b of broken(product, claim)) failures.push(`${answer.input}: ${c.Partno} breaks ${b}`);
      }
    });
    expect(failures).toEqual([]);
    // The table is answered, not emptied: most lines of the maker's kinds get candidates.
    expect(answered).toBeGreaterThanOrEqual(80);
    expect(leadedAnswered).toBeGreaterThanOrEqual(10);
    expect(powerAnswered).toBeGreaterThanOrEqual(10);
  });

  test('a characteristic the maker lists no part of gets none, with the reason naming it', async () => {
    const { answers } = await findParts(['CAP CER 0.1UF 16V Y5U 0603', 'CAP CER 2200PF 250VAC Y5U RADIAL'], client);
    for (const a of answers) {
      expect(a.candidates).toEqual([]);
      expect(a.reason).toMatch(/^No part In Production meets all of: .*Y5U.*\.$/);
    }
  });
});
