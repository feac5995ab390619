/**
 * PART.SUGGEST cells of one recalculation are planned together (issue 46, every line at any size):
 * many distinct generic lines cost at most the category files' requests, counted in the emulator's
 * log, and a sample of them spills the candidates one search per line gives.
 */
import { createClient } from '../../api/client';
import { findParts } from '../../core/find/find-parts';
import { REQUESTS_PER_CATEGORY_FILE } from '../../core/find/request-plan';
import { suggest } from '../../src/functions/functions';
import { genericLines } from '../../bench/generic-lines';
import { DEMO_KEY } from '../../emulator';
import { describeError } from '../../testkit/custom-functions-shim';
import { settledRequests, useFunctionsHarness } from '../../testkit/functions-harness';

jest.setTimeout(300_000);

const h = useFunctionsHarness();
const LINES = genericLines(200);

test('200 cells of distinct generic lines, recalculated together, cost at most the category files, with the candidates of per-line searches', async () => {
  await settledRequests(h.emulator);
  h.emulator.resetLog();
  const cells = await Promise.allSettled(LINES.map((line) => suggest([[line]])));
  const requests = await settledRequests(h.emulator);
  // Two categories (ceramic capacitors and inductors), each its download link and its file.
  expect(requests.length).toBeLessThanOrEqual(2 * REQUESTS_PER_CATEGORY_FILE);
  expect(requests.filter((r) => r.url.includes('/products?'))).toHaveLength(0);
  const spilled = cells.map((c) => (c.status === 'fulfilled' ? c.value.slice(1).map((row) => `${row[0]}: ${row[2]}`) : []));
  expect(spilled.filter((rows) => rows.length > 0).length).toBeGreaterThan(50);
  for (const c of cells) if (c.status === 'rejected') expect(describeError(c.reason)?.code).toBe('#N/A');

  const sample = LINES.map((line, i) => ({ line, i })).filter(({ i }) => i % 20 === 0);
  const perLine = await findParts(sample.map((s) => s.line), createClient({ baseUrl: h.emulator.url, apiKey: DEMO_KEY, cache: false }), { count: 3 });
  expect(sample.map(({ i }) => spilled[i])).toEqual(perLine.answers.map((a) => a.candidates.map((c) => `${c.Partno}: ${c.why}`)));
});
