/**
 * The emulator keeps each product's line of a CSV or TSV category file per language and quirks,
 * with a stand-in for its base URL (emulator/render.ts `keptLine`). What it sends must be,
 * character for character, the file Papa Parse writes from the cells of `renderProduct` on the
 * spot: for every language and quirk, for the same products sent again (from what was kept),
 * under another base URL, including ones whose characters a delimited file must quote; and a
 * product given new values is sent with them.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { fieldsOfGroup, GROUPS, LANGS, type Group } from '../../api';
import { catalogFor, renderProduct } from '../../emulator';
import type { CatalogProduct } from '../../emulator/catalog';
import { renderDownloadFile } from '../../emulator/download-formats';
import type { Quirks, RenderOptions } from '../../emulator/render';

const catalog = catalogFor(1);
/** A few products of each group, the hostile ones among them. */
const samples: Record<Group, CatalogProduct[]> = Object.fromEntries(
  GROUPS.map((g) => {
    const list = catalog.byGroup[g];
    const hostile = list.filter((p) => /[=+@<",\t\r\n]/.test(JSON.stringify(p.values))).slice(0, 8);
    return [g, [0, 1, Math.floor(list.length / 2), list.length - 1].map((i) => list[i]).concat(hostile)];
  }),
) as Record<Group, CatalogProduct[]>;

/** A product's cells as the file has them, read from the product rendered now. */
function cellsNow(p: CatalogProduct, options: RenderOptions): string[] {
  const rendered = renderProduct(p, options);
  return fieldsOfGroup(p.group).map(({ key }) => {
    const [head, tail] = key.includes('.') ? key.split('.', 2) : [key, undefined];
    const raw = tail === undefined ? rendered[head] : (rendered[head] as Record<string, unknown> | undefined)?.[tail];
    if (raw === undefined || raw === null) return '';
    return Array.isArray(raw) ? raw.join('|') : String(raw);
  });
}

/** The file as Papa Parse writes it from the cells rendered now, header first, each line ended. */
function written(products: readonly CatalogProduct[], group: Group, options: RenderOptions, delimiter: string): string {
  const rows = [fieldsOfGroup(group).map((f) => f.key), ...products.map((p) => cellsNow(p, options))];
  return `${Papa.unparse(rows, { delimiter, newline: '\r\n' })}\r\n`;
}

/** What the emulator sends as a category file of `products`, as text (without its byte order mark). */
async function sent(format: 'csv' | 'tsv', products: readonly CatalogProduct[], group: Group, options: RenderOptions): Promise<string> {
  const { body } = renderDownloadFile(format, products, group, options, 'file');
  const bytes = Buffer.concat(await body.toArray());
  return format === 'csv' ? bytes.subarray(3).toString('utf8') : bytes.subarray(2).toString('utf16le');
}

const quirks = fc.record({ groupLevelFields: fc.boolean(), numbersAsStrings: fc.boolean(), nullFields: fc.boolean() }) as fc.Arbitrary<Quirks>;
const baseUrl = fc.constantFrom('http://127.0.0.1:4000', 'http://localhost:51234', 'http://host"with,odd\t:1', 'http://a\r\nb', ' http://lead', 'https://api.example.test/prefix');

test('a CSV or TSV file is what Papa Parse writes from the products rendered now, in every language and quirk, again and under another base URL', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...GROUPS), fc.constantFrom('csv' as const, 'tsv' as const), fc.constantFrom(...LANGS), quirks, baseUrl, async (group, format, lang, q, base) => {
      const options: RenderOptions = { lang, baseUrl: base, quirks: q };
      const want = written(samples[group], group, options, format === 'csv' ? ',' : '\t');
      expect(await sent(format, samples[group], group, options)).toBe(want);
      // Sent again: from the kept lines.
      expect(await sent(format, samples[group], group, options)).toBe(want);
    }),
    { numRuns: 80 },
  );
});

test('a product given new values is sent with them, and with its own again once they are given back', async () => {
  const product = catalog.byGroup.SMD[5];
  const options: RenderOptions = { lang: 'en', baseUrl: 'http://127.0.0.1:4000' };
  const before = await sent('csv', [product], 'SMD', options);
  const own = product.values;
  try {
    product.values = { ...own, Status: 'Obsolete' };
    const changed = await sent('csv', [product], 'SMD', options);
    expect(changed).toBe(written([product], 'SMD', options, ','));
    expect(changed).toContain(',Obsolete,');
  } finally {
    product.values = own;
  }
  expect(await sent('csv', [product], 'SMD', options)).toBe(before);
});
