/**
 * The emulator keeps each product's JSON text per language and quirks, with a stand-in for its
 * base URL (emulator/render.ts). What it sends must be, byte for byte, the document built from
 * `renderProduct` and serialized on the spot: for every language and quirk, for the same product
 * sent again (from what was kept) and under another base URL, including one JSON must escape. It
 * also keeps each list's values as arrays for its searches: a product given new values is sent and
 * found by them. The bytes the products route sends are that same document in UTF-8.
 */
import fc from 'fast-check';
import { GROUP_OBJECT_NAMES, GROUPS, LANGS, parseFilter } from '../../api';
import { catalogFor, renderProduct, runQuery } from '../../emulator';
import { renderResultBytes, type Quirks, type RenderOptions } from '../../emulator/render';

const catalog = catalogFor(1);
/** A few products of each group, the hostile ones among them. */
const sample = GROUPS.flatMap((g) => {
  const list = catalog.byGroup[g];
  return [0, 1, 2, Math.floor(list.length / 2), list.length - 1].map((i) => list[i]);
}).concat(catalog.products.filter((p) => /[=+@<"\\]/.test(JSON.stringify(p.values))).slice(0, 20));

/** The search answer as an object, serialized at once: what the emulator sent before it kept text. */
function serialized(products: typeof sample, hasMoreHits: boolean, options: RenderOptions): string {
  const data: Record<string, unknown> = {};
  for (const group of GROUPS) {
    const own = products.filter((p) => p.group === group);
    if (own.length === 0) continue;
    const grouping = options.quirks?.groupLevelFields ? (renderProduct(own[0], { ...options, quirks: {} }) as Record<string, unknown>) : {};
    const head = options.quirks?.groupLevelFields ? { Manufacturer: grouping.Manufacturer, Lv1Category: grouping.Lv1Category, Lv2Category: grouping.Lv2Category, Lv3Category: grouping.Lv3Category } : {};
    data[GROUP_OBJECT_NAMES[group]] = { ...head, Products: own.map((p) => renderProduct(p, options)) };
  }
  return JSON.stringify({ HasMoreHits: hasMoreHits, Data: data });
}

const quirks = fc.record({ groupLevelFields: fc.boolean(), numbersAsStrings: fc.boolean(), nullFields: fc.boolean() }) as fc.Arbitrary<Quirks>;
const baseUrl = fc.constantFrom('http://127.0.0.1:4000', 'http://localhost:51234', 'http://host"with\\odd:1', 'https://api.example.test/prefix');

test('the kept JSON of a product is the object serialized at once, in every language and quirk, again and under another base URL', () => {
  expect(sample.length).toBeGreaterThan(15);
  fc.assert(
    fc.property(fc.constantFrom(...LANGS), quirks, baseUrl, fc.boolean(), (lang, q, base, more) => {
      const options: RenderOptions = { lang, baseUrl: base, quirks: q };
      const want = serialized(sample, more, options);
      // The bytes the products route sends: the same document in UTF-8, when first kept and when
      // sent again, in pieces of every size.
      expect(renderResultBytes(sample, options, 3, more).toString('utf8')).toBe(want);
      expect(renderResultBytes(sample, options, 500, more).toString('utf8')).toBe(want);
      expect(renderResultBytes(sample, options, 2000, more).equals(Buffer.from(want, 'utf8'))).toBe(true);
      expect(() => JSON.parse(want)).not.toThrow();
    }),
    { numRuns: 60 },
  );
});

test('a product given new values is sent with them, and with its own again once they are given back', () => {
  const product = catalog.byGroup.SMD[3];
  const options: RenderOptions = { lang: 'en', baseUrl: 'http://127.0.0.1:4000' };
  const sent = (): string => {
    const text = renderResultBytes([product], options).toString('utf8');
    expect(renderResultBytes([product], options, 1).toString('utf8')).toBe(text);
    return text;
  };
  const before = sent();
  const own = product.values;
  try {
    product.values = { ...own, Status: 'Obsolete' };
    expect(sent()).toBe(serialized([product], false, options));
    expect(sent()).toContain('"Status":"Obsolete"');
  } finally {
    product.values = own;
  }
  expect(sent()).toBe(before);
});

test('a search after a product was given new values finds it by them, and by its own once they are given back', () => {
  const product = catalog.byGroup.SMD.find((p) => p.values.Status === 'In Production')!;
  const partno = product.values.Partno as string;
  const filter = parseFilter(`Category eq 'ceramicCapacitorsSMD' and Status eq 'Discontinued' and Partno eq '${partno}'`, { syntax: 'user', lang: 'en' });
  const found = (): string[] => runQuery(catalog, { filter, orderBy: [], lang: 'en' }).products.map((p) => p.values.Partno as string);
  expect(found()).toEqual([]);
  const own = product.values;
  try {
    product.values = { ...own, Status: 'Discontinued' };
    expect(found()).toEqual([partno]);
  } finally {
    product.values = own;
  }
  expect(found()).toEqual([]);
});
