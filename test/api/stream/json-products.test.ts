/**
 * JSON category files cut into products by the scanner in json-products.ts: however the text is
 * split into chunks (inside keys, strings, escapes, numbers), the products are the ones
 * JSON.parse and the search-answer normalizer read from the whole text; broken files are refused
 * with the same sentences as before.
 */
import { DownloadFormatError } from '../../../api';
import { normalizeProductsResponse } from '../../../api/normalize';
import type { ProductRecord } from '../../../api/node';
import { jsonProducts } from '../../../api/stream/json-products';

async function* chunks(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(text: string, size: number, batchSize = 2): Promise<ProductRecord[][]> {
  const out: ProductRecord[][] = [];
  for await (const batch of jsonProducts(chunks(text, size), 'SMD', text.slice(0, 80), batchSize)) out.push(batch);
  return out;
}

const tricky = (n: number): Record<string, unknown> => ({
  Partno: `GRM${n}"}]{[\\`,
  ProductName: 'braces { [ in "text" ] } and \\"escapes\\" \u00b5F \ud83d\ude00',
  Status: n % 2 ? 'In Production' : 'NRND',
  Mounting: ['Reflow soldering', 'Flow'],
  Specs: { Capacitance: 1e-9 * (n + 1), RatedVoltage: 6.3, CapacitanceText: `${n + 1}nF` },
  ComplianceInfo: { Rohs: true, AecQ200Support: n % 3 === 0 },
});

const body = {
  HasMoreHits: false,
  Data: {
    CeramicCapacitorsSMD: { Manufacturer: 'Maker', 'Lv1\\Category': 'x', Products: [tricky(0), tricky(1), tricky(2), tricky(3), tricky(4)] },
    Inductors: { Products: [{ Partno: 'MLG15', Specs: { Inductance: 1e-8 }, Status: 'NRND' }] },
  },
};
const text = JSON.stringify(body, null, 1);

test.each([1, 2, 3, 7, 64, text.length])('chunks of %i characters give the products of the whole text', async (size) => {
  const batches = await read(text, size);
  expect(batches.flat()).toEqual(normalizeProductsResponse(body).products);
  expect(batches.flat()).toHaveLength(6);
  expect(batches.flat()[0].values.Manufacturer).toBe('Maker');
  expect(batches.flat()[5].group).toBe('Ind');
  expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2);
});

test('a bare list of one group', async () => {
  const list = JSON.stringify([tricky(7), tricky(8)]);
  const batches = await read(list, 5);
  expect(batches.flat().map((p) => p.partno)).toEqual(['GRM7"}]{[\\', 'GRM8"}]{[\\']);
});

test.each([
  ['a product that is not JSON', '{"Data":{"CeramicCapacitorsSMD":{"Products":[{"Partno": nope}]}}}', /not valid JSON/],
  ['broken JSON around the products', '{"Data":{"CeramicCapacitorsSMD":{"Products":[{"Partno":"A"}] oops}}}', /not valid JSON/],
  ['a file cut inside a product', '{"Data":{"CeramicCapacitorsSMD":{"Products":[{"Partno":"A"},{"Partno":"B', /ends before the JSON is complete/],
  ['more after the end', '{"Data":{"CeramicCapacitorsSMD":{"Products":[{"Partno":"A"}]}}}\n{"x":1}', /more after the end|not valid JSON/],
  ['no product group', '{"Data":{}}', /without Data or a product group/],
])('%s is refused', async (_name, bad, message) => {
  for (const size of [3, bad.length]) {
    const error = await read(bad, size).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadFormatError);
    expect((error as Error).message).toMatch(message);
  }
});
