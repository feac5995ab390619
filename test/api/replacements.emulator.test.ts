import { DEMO_KEY, type CatalogProduct } from '../../emulator';
import {
  createClient,
  findReplacements,
  lowerBoundRequests,
  planParameterGroups,
  translateValue,
  type Lang,
  type ProductRecord,
} from '../../api';
import { logSettled, maxUrlBytes, searchCalls, useSettledEmulator } from './client/emulator-support';
import { keepsStatedSpecs } from '../support/drop-in-oracle';

const live = useSettledEmulator();

const LANGS: Lang[] = ['en', 'ja', 'zh'];
const ENDING = new Set(['NRND', 'To be discontinued', 'Discontinued']);
const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

/**
 * The rules of the issue, written out independently of api/replacements so that a mistake
 * there cannot hide here: [response key, comparison] per group.
 */
const ORACLE_RULES: Record<string, [string, 'eq' | 'ge' | 'le'][]> = {
  SMD: [['Specs.Capacitance', 'eq'], ['Specs.SizecodeMm', 'eq'], ['Specs.TemperatureCharacteristics', 'eq'], ['Specs.RatedVoltageClass', 'eq'], ['Specs.RatedVoltage', 'ge']],
  Lead: [['Specs.Capacitance', 'eq'], ['Specs.LeadSpace', 'eq'], ['Specs.TemperatureCharacteristics', 'eq'], ['Specs.RatedVoltageClass', 'eq'], ['Specs.RatedVoltage', 'ge']],
  Ind: [['Specs.Inductance', 'eq'], ['Specs.SizecodeMm', 'eq'], ['Specs.RatedCurrentItemp', 'ge'], ['Specs.RdcMax', 'le']],
};
const TOLERANCE: Record<string, string> = { SMD: 'Specs.ToleranceCapacitance', Lead: 'Specs.ToleranceCapacitance', Ind: 'Specs.InductanceTolerance' };

function isDropIn(original: CatalogProduct, p: CatalogProduct, strict: boolean): boolean {
  const o = original.values;
  const v = p.values;
  if (p.group !== original.group || v.Status !== 'In Production' || v.Partno === o.Partno) return false;
  for (const [key, op] of ORACLE_RULES[original.group]) {
    if (o[key] === undefined) continue;
    if (v[key] === undefined) return false;
    if (op === 'eq' && v[key] !== o[key]) return false;
    if (op === 'ge' && !((v[key] as number) >= (o[key] as number))) return false;
    if (op === 'le' && !((v[key] as number) <= (o[key] as number))) return false;
  }
  if (!keepsStatedSpecs(o, v, original.group)) return false;
  if (strict && (v[TOLERANCE[original.group]] !== o[TOLERANCE[original.group]] || v.PackageType !== o.PackageType)) return false;
  return true;
}

const scanned = new Map<string, string[]>();

/** Brute force over the whole catalog the emulator serves. */
function scanCatalog(original: CatalogProduct, strict = false): string[] {
  const key = `${partnoOf(original)}|${strict}`;
  let found = scanned.get(key);
  if (!found) {
    found = live.emulator.catalog.byGroup[original.group].filter((p) => isDropIn(original, p, strict)).map(partnoOf).sort();
    scanned.set(key, found);
  }
  return found;
}

/** Ending parts of every group, spread over the catalog, including ones with no candidate at all. */
function endingSample(perGroup: number): CatalogProduct[] {
  const picked: CatalogProduct[] = [];
  for (const group of ['SMD', 'Lead', 'Ind'] as const) {
    const ending = live.emulator.catalog.byGroup[group].filter((p) => ENDING.has(p.values.Status as string) && !(p.values.Partno as string).includes('|'));
    const stride = Math.max(1, Math.floor(ending.length / perGroup));
    for (let i = 0; i < ending.length && picked.filter((p) => p.group === group).length < perGroup; i += stride) picked.push(ending[i]);
    const lonely = ending.find((p) => scanCatalog(p).length === 0 && p.values[ORACLE_RULES[group][0][0]] !== undefined);
    if (lonely && !picked.includes(lonely)) picked.push(lonely);
  }
  return picked;
}

describe('replacements against the emulator catalog', () => {
  test.each(LANGS)('%s: every candidate is a drop-in, none is missed, the maker alternatives lead, and one search serves each parameter group', async (lang) => {
    const sample = endingSample(14);
    const inputs = sample.map(partnoOf);
    const client = createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, lang });
    const { answers, stats } = await findReplacements(client, inputs, { lang, max: 100 });
    await logSettled(live.emulator);

    const inProduction = translateValue('Status', 'In Production', 'en', lang);
    let withCandidates = 0;
    let nearMisses = 0;
    for (const original of sample) {
      const answer = answers.get(partnoOf(original))!;
      const expected = scanCatalog(original);
      const got = answer.candidates.map((c) => c.product.partno);
      // No wrong candidate: each one passes the rules on the catalog's own (language-neutral) values.
      for (const c of answer.candidates) {
        expect({ original: partnoOf(original), candidate: c.product.partno, ok: isDropIn(original, live.emulator.catalog.byPartno.get(c.product.partno)!, false) }).toEqual({
          original: partnoOf(original),
          candidate: c.product.partno,
          ok: true,
        });
        expect(c.product.values.Status).toBe(inProduction);
      }
      // No missed candidate: with fewer than max, the list is exactly the brute-force scan.
      expect(answer.total).toBe(expected.length);
      if (expected.length <= 100) expect([...got].sort()).toEqual(expected);
      // The maker's own alternatives come first and are marked.
      const alternatives = new Set((original.values.AlternativePartno as string[] | undefined) ?? []);
      const marks = answer.candidates.map((c) => c.makerAlternative);
      expect(marks).toEqual(answer.candidates.map((c) => alternatives.has(c.product.partno)));
      expect(marks.indexOf(false) === -1 || !marks.slice(marks.indexOf(false)).includes(true)).toBe(true);
      if (expected.length > 0) withCandidates++;
      else {
        expect(answer.message).toMatch(/^No drop-in replacement In Production for /);
        if (answer.nearMiss) {
          nearMisses++;
          expect(answer.nearMiss.differs.length).toBeGreaterThan(0);
          expect(answer.message).toContain(answer.nearMiss.product.partno);
        }
      }
    }
    expect(withCandidates).toBeGreaterThan(30);
    expect(nearMisses).toBeGreaterThan(0);

    // Cost: the lookups at their lower bound, one search per distinct parameter group, near-misses only where needed.
    const asRecord = (p: CatalogProduct): ProductRecord => ({ group: p.group, partno: partnoOf(p), values: p.values });
    const groups = planParameterGroups(sample.map(asRecord), 'en');
    expect(stats.groups).toBe(groups.length);
    const calls = searchCalls(live.emulator);
    const lookups = calls.filter((r) => r.url.includes('Partno%20eq'));
    expect(lookups.length).toBe(lowerBoundRequests(inputs, 'eq', { baseUrl: live.emulator.url, lang, budget: 2082 }));
    expect(calls.length).toBe(lookups.length + stats.groups + stats.nearMissSearches);
    expect(maxUrlBytes(live.emulator)).toBeLessThanOrEqual(2082);

    // Asked again: everything comes from the cache.
    live.emulator.resetLog();
    const again = await findReplacements(client, inputs, { lang, max: 100 });
    await logSettled(live.emulator);
    expect(searchCalls(live.emulator)).toHaveLength(0);
    expect([...again.answers.values()].map((a) => a.total)).toEqual([...answers.values()].map((a) => a.total));
  });

  test.each(LANGS)('%s: strict keeps only equal tolerance and package type, and misses none', async (lang) => {
    const sample = endingSample(6);
    const client = createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY, lang });
    const { answers } = await findReplacements(client, sample.map(partnoOf), { lang, max: 100, strict: true });
    for (const original of sample) {
      const answer = answers.get(partnoOf(original))!;
      expect([...answer.candidates.map((c) => c.product.partno)].sort()).toEqual(scanCatalog(original, true));
    }
  });

  test('candidates say where they differ, in the units of a datasheet', async () => {
    const original = live.emulator.catalog.byGroup.SMD.find(
      (p) => ENDING.has(p.values.Status as string) && scanCatalog(p).some((c) => live.emulator.catalog.byPartno.get(c)!.values['Specs.RatedVoltage'] !== p.values['Specs.RatedVoltage']),
    )!;
    const client = createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY });
    const { answers } = await findReplacements(client, [partnoOf(original)], { max: 100 });
    const higher = answers.get(partnoOf(original))!.candidates.find((c) => c.product.values['Specs.RatedVoltage'] !== original.values['Specs.RatedVoltage'])!;
    expect(higher.differs).toContain(`RatedVoltage ${String(higher.product.values['Specs.RatedVoltage'])} V vs ${String(original.values['Specs.RatedVoltage'])} V`);
    for (const c of answers.get(partnoOf(original))!.candidates) {
      const tol = c.product.values['Specs.ToleranceCapacitance'];
      if (tol !== original.values['Specs.ToleranceCapacitance']) expect(c.differs).toContain(`tolerance ${String(tol)} vs ${String(original.values['Specs.ToleranceCapacitance'])}`);
    }
  });

  test('a part that is not found, a base part number and an ambiguous prefix each get their own answer, in input order', async () => {
    const ending = live.emulator.catalog.byGroup.Ind.find((p) => ENDING.has(p.values.Status as string) && scanCatalog(p).length > 0)!;
    const base = ending.values.PartnoWithoutPackageCode as string;
    const client = createClient({ baseUrl: live.emulator.url, apiKey: DEMO_KEY });
    const inputs = ['ZZNOTAPART0001', base, 'MCS'];
    const { answers } = await findReplacements(client, inputs, {});
    expect([...answers.keys()]).toEqual(inputs);
    expect(answers.get('ZZNOTAPART0001')).toMatchObject({ status: 'notFound', candidates: [], total: 0 });
    expect(answers.get('MCS')!.candidates).toEqual([]);
    const variant = answers.get(base)!;
    expect(variant.status).toBe('variant');
    expect(variant.total).toBe(scanCatalog(ending).length);
    expect(variant.candidates.every((c) => !c.product.partno.startsWith(base))).toBe(true);
  });
});
