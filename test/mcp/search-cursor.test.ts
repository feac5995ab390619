/**
 * The `search` tool's cursor is a position the server resumes from (the assistants' server in
 * process, the real client against the emulator over HTTP, no cache): a deep page costs the
 * requests of the first page and holds exactly the products a walk from the start has there; a
 * cursor altered by hand, or sent with another search, is refused with one sentence before any
 * request.
 */
import { createClient } from '../../api/node';
import { DEMO_KEY } from '../../emulator';
import { useEmulator } from '../support/use-emulator';
import { call, textOf, useInMemoryMcp } from './support';

const emulator = useEmulator();
const session = useInMemoryMcp(emulator);

const CATEGORY = 'ceramicCapacitorsSMD';
const LIMIT = 200;
const PAGES = 12;

interface SearchAnswer {
  products: Record<string, unknown>[];
  more: boolean;
  next?: { cursor: string };
}

/** One call of the tool, with the emulator requests it cost. */
async function searchPage(args: Record<string, unknown>): Promise<{ answer: SearchAnswer; requests: number; text: string }> {
  const before = emulator.requests.length;
  const result = await call(session.client, 'search', { category: CATEGORY, limit: LIMIT, ...args });
  expect(result.isError).toBeFalsy();
  return { answer: result.structuredContent as unknown as SearchAnswer, requests: emulator.requests.length - before, text: textOf(result) };
}

const partnosOf = (answer: SearchAnswer): string[] => answer.products.map((p) => String(Object.values(p)[0]));

test('the 12th page costs the requests of the first and holds the products a walk from the start has at that position', async () => {
  const reference = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
  const walk = await reference.harvest({ category: CATEGORY }, { max: LIMIT * PAGES });
  const expected = walk.products.map((p) => p.partno);
  // Deep enough that a walk from the start needs more than one call of the service to reach it.
  expect(expected).toHaveLength(LIMIT * PAGES);
  expect(walk.stats.requests).toBeGreaterThan(1);

  const first = await searchPage({});
  expect(first.requests).toBe(1);
  let page = first;
  const seen = [...partnosOf(first.answer)];
  for (let n = 2; n <= PAGES; n++) {
    expect(page.answer.more).toBe(true);
    page = await searchPage({ cursor: page.answer.next!.cursor });
    // Each page, however deep, is one page's requests: the pages before it are not fetched again.
    expect(page.requests).toBe(first.requests);
    expect(partnosOf(page.answer)).toEqual(expected.slice((n - 1) * LIMIT, n * LIMIT));
    seen.push(...partnosOf(page.answer));
  }
  expect(seen).toEqual(expected);
  expect(page.text).toMatch(new RegExp(`^200 products of ${CATEGORY} from number ${(PAGES - 1) * LIMIT + 1}; more match`));
  // The columns and page size may change between pages; the position holds.
  const narrower = await searchPage({ cursor: page.answer.next!.cursor, limit: 3, fields: ['Partno', 'Status'] });
  expect(narrower.requests).toBe(1);
  expect(Object.keys(narrower.answer.products[0])).toHaveLength(2);
  const further = await reference.harvest({ category: CATEGORY }, { max: LIMIT * PAGES + 3 });
  expect(partnosOf(narrower.answer)).toEqual(further.products.slice(LIMIT * PAGES).map((p) => p.partno));
});

test('a cursor resumes a search with conditions to its last page, and the last page has no cursor', async () => {
  const conditions = [{ field: 'Status', op: 'eq', value: 'NRND' }];
  const reference = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
  const all = (await reference.harvest({ category: CATEGORY, filter: "Status eq 'NRND'" })).products.map((p) => p.partno);
  expect(all.length).toBeGreaterThan(LIMIT);
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n === 0 || cursor !== undefined; n++) {
    expect(n).toBeLessThan(Math.ceil(all.length / LIMIT));
    const { answer, requests } = await searchPage({ conditions, ...(cursor === undefined ? {} : { cursor }) });
    expect(requests).toBe(1);
    seen.push(...partnosOf(answer));
    cursor = answer.next?.cursor;
    expect(answer.more).toBe(seen.length < all.length);
  }
  expect(cursor).toBeUndefined();
  expect(seen).toEqual(all);
});

test('a cursor altered by hand, sent with another search or made up is refused with one sentence, nothing sent', async () => {
  const { answer } = await searchPage({ limit: 5 });
  const cursor = answer.next!.cursor;
  const body = JSON.parse(Buffer.from(cursor.slice(cursor.indexOf('.') + 1), 'base64url').toString('utf8')) as Record<string, unknown>;
  const altered = (change: Record<string, unknown>): string => `${cursor.slice(0, cursor.indexOf('.') + 1)}${Buffer.from(JSON.stringify({ ...body, ...change }), 'utf8').toString('base64url')}`;
  const cases: Record<string, unknown>[] = [
    { cursor: altered({ a: 'ZZZ' }) },
    { cursor: altered({ n: 100_000 }) },
    { cursor: altered({ a: "X') or (1 eq 1" }) },
    { cursor: altered({ a: 'A\u0000B' }) },
    { cursor: altered({ a: 'Z'.repeat(300) }) },
    { cursor: altered({ n: -1 }) },
    { cursor: `${cursor}x` },
    { cursor: cursor.slice(0, -2) },
    { cursor: '999999' },
    { cursor: 'p1.!!!' },
    { cursor: 'p1.' + Buffer.from('[1,2]').toString('base64url') },
    { cursor: 'x'.repeat(5000) },
    // A cursor of this search sent with other conditions.
    { cursor, conditions: [{ field: 'Status', op: 'eq', value: 'NRND' }] },
  ];
  const before = emulator.requests.length;
  for (const args of cases) {
    const result = await call(session.client, 'search', { category: CATEGORY, limit: 5, ...args });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/cursor is (not )?the (value of )?next\.cursor of an earlier answer/);
    expect(text.split('\n')).toHaveLength(1);
  }
  // Another category with the same conditions is another search too.
  const other = await call(session.client, 'search', { category: 'inductors', limit: 5, cursor });
  expect(other.isError).toBe(true);
  expect(emulator.requests.length).toBe(before);
});
