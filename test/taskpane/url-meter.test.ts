import { createClient } from '../../api/client';
import { parseFilter } from '../../api/filter';
import { URL_BUDGET_BYTES } from '../../api/vocabulary';
import { createEmptyRow, rowsToFilter, type ConditionRow } from '../../src/taskpane/builder/conditions';
import { measureUrl } from '../../src/taskpane/builder/url-meter';

const BASE = 'https://api.example.com';

/** The URL the real client sends for a search, caught by an injected fetch. */
async function sentUrl(query: Parameters<ReturnType<typeof createClient>['search']>[0]): Promise<string> {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify({ HasMoreHits: false, Data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const client = createClient({ baseUrl: BASE, apiKey: 'k', fetch, cache: false, retry: false });
  await client.search(query);
  return urls[0];
}

describe('URL meter', () => {
  test.each<[string, string, 'en' | 'ja' | 'zh']>([
    ['ceramicCapacitorsSMD', "Capacitance ge 100n and Status eq 'In Production|NRND'", 'en'],
    ['ceramicCapacitorsSMD', "Status eq '生産中|生産中止予定' and ToleranceCapacitance eq '±10%'", 'ja'],
    ['inductors', "Construction eq '绕线型铁氧体磁珠' and startswith(Partno,'LQH#|LQW')", 'zh'],
  ])('counts the bytes of the URL the client really sends (%s, %s)', async (category, text, lang) => {
    const filter = parseFilter(text, { category: category as 'inductors', lang });
    const orderby = [{ field: 'Partno', direction: 'asc' as const }];
    const measure = measureUrl({ baseUrl: BASE, category: category as 'inductors', filter, orderby, lang });
    const real = await sentUrl({ category: category as 'inductors', filter: text, orderby, lang });
    expect(measure.url).toBe(real);
    expect(measure.bytes).toBe(new TextEncoder().encode(real).length);
    expect(measure.bytes).toBeGreaterThan(real.length - 1);
    expect(measure).toMatchObject({ budget: URL_BUDGET_BYTES, over: false });
  });

  test('flags a URL over 2,082 bytes, and not one at the limit', () => {
    const rowOf = (n: number): ConditionRow => ({ ...createEmptyRow(), field: 'Partno', op: 'eq', text: Array.from({ length: n }, (_, i) => `GRM${String(i).padStart(12, '0')}`).join('|') });
    const measureRows = (n: number) => measureUrl({ baseUrl: BASE, filter: rowsToFilter([rowOf(n)], { lang: 'en' }), orderby: [], lang: 'en' });
    let n = 1;
    while (!measureRows(n + 1).over) n++;
    expect(measureRows(n).bytes).toBeLessThanOrEqual(URL_BUDGET_BYTES);
    expect(measureRows(n + 1).bytes).toBeGreaterThan(URL_BUDGET_BYTES);
    expect(measureRows(n + 1).over).toBe(true);
    const exact = measureRows(n).bytes;
    const filter = rowsToFilter([rowOf(n)], { lang: 'en' });
    expect(measureUrl({ baseUrl: BASE, filter, orderby: [], lang: 'en' }, exact).over).toBe(false);
    expect(measureUrl({ baseUrl: BASE, filter, orderby: [], lang: 'en' }, exact - 1).over).toBe(true);
  });

  test('the client refuses what the meter flags', async () => {
    const text = `startswith(Partno,'${Array.from({ length: 400 }, (_, i) => `P${i}`).join('|')}')`;
    const measure = measureUrl({ baseUrl: BASE, filter: parseFilter(text), orderby: [], lang: 'en' });
    expect(measure.over).toBe(true);
    await expect(sentUrl({ filter: text })).rejects.toThrow(new RegExp(`${measure.bytes} bytes long, over the 2082-byte limit`));
  });
});
