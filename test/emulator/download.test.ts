import { DOWNLOAD_URL_VALIDITY_DAYS } from '../../api';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { byCodeUnits, get, partno, send, type SearchBody } from '../../testkit/emulator-http';

let emulator: RunningEmulator;
let clock = Date.parse('2026-10-01T00:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, now: () => clock });
});
afterAll(() => emulator.close());

const acquire = (query: string, headers?: Record<string, string>) =>
  get(`${emulator.url}/v2/products/getproductdatadownloadurl${query}`, headers);

async function linkFor(category: string, lang?: string): Promise<string> {
  const res = await acquire(`?category=${category}${lang === undefined ? '' : `&lang=${lang}`}`);
  expect(res.status).toBe(200);
  return (res.json() as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl;
}

describe('URL acquisition', () => {
  test('returns Language, Category and a link on the emulator itself, without the key', async () => {
    const res = await acquire('?category=ceramicCapacitorsLead&lang=ja');
    expect(res.status).toBe(200);
    const body = res.json() as Record<string, string>;
    expect(Object.keys(body)).toEqual(['Language', 'Category', 'ProductDataDownloadUrl']);
    expect(body.Language).toBe('ja');
    expect(body.Category).toBe('ceramicCapacitorsLead');
    expect(body.ProductDataDownloadUrl.startsWith(`${emulator.url}/download/ceramicCapacitorsLead/ja?`)).toBe(true);
    expect(body.ProductDataDownloadUrl).not.toContain('partspec-demo-key');
  });

  test('lang defaults to en, an inapplicable one is en', async () => {
    for (const q of ['?category=inductors', '?category=inductors&lang=de']) {
      expect(((await acquire(q)).json() as { Language: string }).Language).toBe('en');
    }
  });

  test.each([
    ['', /category is required/],
    ['?category=', /category is required/],
    ['?category=ceramicCapacitors', /category 'ceramicCapacitors' is not accepted by URL acquisition/],
    ['?category=capacitors', /category 'capacitors' is not a category ID/],
    ['?category=inductors&category=inductors', /given 2 times/],
  ])('category %s → 400', async (query, message) => {
    const res = await acquire(query);
    expect(res.status).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(message);
  });

  test('needs the key: missing or wrong → 403', async () => {
    const url = `${emulator.url}/v2/products/getproductdatadownloadurl?category=inductors`;
    expect((await send(url)).status).toBe(403);
    expect((await send(url, { headers: { 'x-api-key': 'wrong' } })).status).toBe(403);
  });
});

describe('the download link', () => {
  test('serves every product of the category as JSON in the search shape, without the cap', async () => {
    const res = await send(await linkFor('ceramicCapacitorsLead', 'zh'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const body = res.json() as SearchBody;
    expect(body.HasMoreHits).toBe(false);
    expect(Object.keys(body.Data)).toEqual(['CeramicCapacitorsLead']);
    const products = body.Data.CeramicCapacitorsLead.Products;
    expect(products.map((p) => p.Partno)).toEqual(emulator.catalog.byGroup.Lead.map(partno).sort(byCodeUnits));
    expect(products.length).toBeGreaterThan(2000);
    expect(products[0].Lv1Category).toBe('电容器');
  });

  test('is gzip-compressed when the client accepts gzip', async () => {
    const res = await send(await linkFor('inductors'), { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = res.json() as SearchBody;
    expect(body.Data.Inductors.Products.length).toBe(emulator.catalog.byGroup.Ind.length);
    const last = emulator.requests[emulator.requests.length - 1];
    expect(last.products).toBe(emulator.catalog.byGroup.Ind.length);
  });

  test('a tampered link → 403 with a JSON message', async () => {
    const link = await linkFor('ceramicCapacitorsSMD');
    const url = new URL(link);
    const tampered = [
      link.replace('/ceramicCapacitorsSMD/', '/ceramicCapacitorsLead/'),
      link.replace('/en?', '/ja?'),
      `${url.origin}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + DAY}&sig=${url.searchParams.get('sig')}`,
      `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${'A'.repeat(43)}`,
      `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}`,
      `${url.origin}/download/ceramicCapacitors/en?${url.searchParams}`,
    ];
    for (const t of tampered) {
      const res = await send(t);
      expect({ t, status: res.status }).toEqual({ t, status: 403 });
      expect((res.json() as { message: string }).message).toMatch(/link/);
    }
  });

  test(`valid for ${DOWNLOAD_URL_VALIDITY_DAYS} days after issue, expired after (403)`, async () => {
    const link = await linkFor('ceramicCapacitorsLead');
    clock += DOWNLOAD_URL_VALIDITY_DAYS * DAY - 1000;
    expect((await send(link)).status).toBe(200);
    clock += 2000;
    const expired = await send(link);
    expect(expired.status).toBe(403);
    expect((expired.json() as { message: string }).message).toMatch(/expired/);
  });
});
