import {
  buildProductsUrl,
  continuationPrefixes,
  lowerBoundRequests,
  normalizePartnoInput,
  packPartnos,
  partnoFilter,
  wireUrlBytes,
  valueCapacity,
  valueCost,
} from '../../../api';

const context = { baseUrl: 'http://127.0.0.1:40000', lang: 'en' as const, budget: 2082 };

describe('part number input normalization', () => {
  test.each<[string, string]>([
    ['  mcs18r71h104ka1d ', 'MCS18R71H104KA1D'],
    ['MCS18R71H104KA1D#', 'MCS18R71H104KA1D'],
    ['MCS18R71H104KA1D##', 'MCS18R71H104KA1D'],
    ['ＭＣＳ１８Ｒ７１', 'MCS18R71'],
    ['MCS 18\t  R71', 'MCS 18 R71'],
  ])('%p → %p', (input, partno) => {
    expect(normalizePartnoInput(input)).toEqual({ ok: true, partno });
  });

  test.each<[string, RegExp]>([
    ['', /empty/],
    ['   ', /empty/],
    ['#', /empty/],
    ['A'.repeat(65), /65 characters/],
    ['MCS18\u0000', /U\+0000/],
    ['MCS|GRM', /'\|'/],
    ['MCS\ud800X', /U\+D800/],
  ])('%p is invalid (%p)', (input, reason) => {
    const result = normalizePartnoInput(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});

describe('URL-budget packing', () => {
  test('a value costs exactly what it adds to the URL', () => {
    for (const values of [['A'], ['A', 'B#'], ["O'NEIL", 'X Y', '±1%'], ['MCS18R71H104KA1D', 'MCS18R71H104KA1J', 'Z']]) {
      const url = buildProductsUrl(context.baseUrl, partnoFilter(values, 'eq'), [], 'en');
      const empty = buildProductsUrl(context.baseUrl, partnoFilter([''], 'eq'), [], 'en');
      expect(wireUrlBytes(url) - wireUrlBytes(empty)).toBe(values.reduce((s, v) => s + valueCost(v), 0) - 3);
    }
    expect(valueCost('A#')).toBe(1 + 3 + 3);
    expect(valueCost("O'N")).toBe(2 + 6 + 3);
  });

  test('first-fit decreasing meets the lower bound and every URL fits', () => {
    const partnos = Array.from({ length: 500 }, (_, i) => `MCS${String(i).padStart(4, '0')}R71H104KA${i % 3 === 0 ? '1D' : 'Z9J'}`);
    for (const match of ['eq', 'startswith'] as const) {
      const groups = packPartnos(partnos, match, context);
      expect(groups.length).toBe(lowerBoundRequests(partnos, match, context));
      expect(groups.flat().sort()).toEqual([...partnos].sort());
      for (const g of groups) expect(wireUrlBytes(buildProductsUrl(context.baseUrl, partnoFilter(g, match), [], 'en'))).toBeLessThanOrEqual(2082);
    }
  });

  test('lower bound is ⌈bytes needed / bytes per URL⌉ and ignores duplicates', () => {
    const capacity = valueCapacity('eq', context);
    const one = 'X'.repeat(capacity - 3);
    expect(lowerBoundRequests([one], 'eq', context)).toBe(1);
    expect(lowerBoundRequests([one, one, 'Y'], 'eq', context)).toBe(2);
    expect(lowerBoundRequests([], 'eq', context)).toBe(0);
  });
});

describe('harvest continuation prefixes', () => {
  test('cover exactly the strings greater than the last one received', () => {
    const alphabet = ['0', '1', '2', 'A', 'B'];
    const last = 'A1B';
    const universe: string[] = [];
    const grow = (s: string): void => {
      if (s.length > 0) universe.push(s);
      if (s.length < 4) for (const c of alphabet) grow(s + c);
    };
    grow('');
    for (let k = 1; k <= last.length; k++) {
      const prefixes = continuationPrefixes(last, k, alphabet);
      const covered = universe.filter((s) => prefixes.some((p) => s.startsWith(p)));
      const greater = universe.filter((s) => s > last);
      expect(greater.every((s) => covered.includes(s))).toBe(true);
      // The overlap: strings covered that are not greater share the first k characters with `last`.
      for (const s of covered.filter((c) => c <= last)) expect(s.startsWith(last.slice(0, k))).toBe(true);
    }
  });
});
