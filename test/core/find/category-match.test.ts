/**
 * Every line at any size (issue 46): a few hundred distinct generic lines answered from the
 * category files give exactly the candidates the per-line searches give, over real HTTP against
 * the emulator, and cost what the plan said (counted in the emulator's request log); a plan over
 * the request bound is refused before anything is sent.
 */
import { createClient, type Client } from '../../../api/client';
import { findParts, type FindResult } from '../../../core/find/find-parts';
import { planByCategoryFile, planRequests, RequestBoundError, SEARCHES_PER_CATEGORY_FILE, type RequestPlan } from '../../../core/find/request-plan';
import { DEMO_KEY } from '../../../emulator';
import { genericLines } from '../../../bench/generic-lines';
import { useEmulator } from '../../support/use-emulator';

jest.setTimeout(300_000);

const emulator = useEmulator();
const LINES = genericLines(300);

const clientOf = (): Client => createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, retry: false, cache: false });

/** What a user sees of each answer: the candidates in order, why, how many fit, and the sentence. */
const seen = (result: FindResult) => result.answers.map((a) => ({ input: a.input, candidates: a.candidates.map((c) => `${c.Partno}: ${c.why}`), fitting: a.fitting, more: a.more, reason: a.reason }));

describe('suggestions matched against the category files', () => {
  test('give the same candidates as one search per line, for 2 requests a category', async () => {
    emulator.resetLog();
    const perLine = await findParts(LINES, clientOf(), { count: 5 });
    const searches = emulator.requests.length;
    expect(searches).toBe(perLine.searches);
    expect(perLine.searches).toBeGreaterThan(250);

    emulator.resetLog();
    const plans: RequestPlan[] = [];
    const client = clientOf();
    const local = await findParts(LINES, client, { count: 5, plan: planByCategoryFile({ source: client, onPlan: (p) => plans.push(p) }) });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ way: 'categoryFiles', searches: perLine.searches, categories: ['ceramicCapacitorsSMD', 'inductors'], requests: 4 });
    expect(plans[0].sentence).toBe(`${perLine.searches} distinct searches: 4 requests (the ceramicCapacitorsSMD and inductors files) instead of ${perLine.searches} searches.`);
    expect(emulator.requests.length).toBeLessThanOrEqual(plans[0].requests);
    expect(emulator.requests.filter((r) => r.url.includes('/products?'))).toHaveLength(0);

    expect(seen(local)).toEqual(seen(perLine));
    // Not a vacuous comparison: most lines have candidates, and some have several that fit.
    expect(local.answers.filter((a) => a.candidates.length > 0).length).toBeGreaterThan(100);
    expect(local.answers.some((a) => a.fitting > 5)).toBe(true);
    for (const [i, a] of local.answers.entries()) expect(a.candidates.map((c) => c.product.values)).toEqual(perLine.answers[i].candidates.map((c) => c.product.values));
  });

  test('a few lines still go one search each: a file is worth it from SEARCHES_PER_CATEGORY_FILE searches', () => {
    const smd = (n: number) => Array.from({ length: n }, () => ({ category: 'ceramicCapacitorsSMD' as const }));
    expect(planRequests(smd(3))).toMatchObject({ way: 'search', requests: 3, sentence: '3 distinct searches: 3 requests, one search each.' });
    expect(planRequests(smd(SEARCHES_PER_CATEGORY_FILE - 1))).toMatchObject({ way: 'search' });
    expect(planRequests(smd(SEARCHES_PER_CATEGORY_FILE))).toMatchObject({ way: 'categoryFiles', requests: 2 });
    expect(planRequests(smd(1000), false)).toMatchObject({ way: 'search', requests: 1000 });
    // Within a bound only the files fit: a few searches left after a run's lookups are matched in the file.
    expect(planRequests(smd(10), true, 5)).toMatchObject({ way: 'categoryFiles', requests: 2 });
    expect(planRequests(smd(10), true, 10)).toMatchObject({ way: 'search', requests: 10 });
    expect(planRequests(smd(10), false, 5)).toMatchObject({ way: 'search', requests: 10 });
  });

  test('a plan over the bound is refused in a sentence before any request', async () => {
    emulator.resetLog();
    const client = clientOf();
    const run = findParts(LINES, client, { plan: planByCategoryFile({ source: client, maxRequests: 3 }) });
    await expect(run).rejects.toBeInstanceOf(RequestBoundError);
    await expect(run).rejects.toThrow(/^\d+ distinct searches: 4 requests \(the ceramicCapacitorsSMD and inductors files\) instead of \d+ searches, over --max-requests 3; none of them was sent\./);
    expect(emulator.requests).toHaveLength(0);
  });
});
