/**
 * find_parts plans its lines as `partspec suggest` does (issue 46, every line at any size): many
 * distinct generic lines cost at most the category files' requests, counted in the emulator's log,
 * and a sample of them gets the candidates one search per line gives.
 */
import { createClient } from '../../api/client';
import { findParts } from '../../core/find/find-parts';
import { REQUESTS_PER_CATEGORY_FILE } from '../../core/find/request-plan';
import { genericLines } from '../../bench/generic-lines';
import { DEMO_KEY } from '../../emulator';
import { useEmulator } from '../support/use-emulator';
import { call, useInMemoryMcp } from './support';

jest.setTimeout(300_000);

const emulator = useEmulator();
const mcp = useInMemoryMcp(emulator);
const LINES = genericLines(400);

interface Answer {
  input: string;
  candidates: { Partno: string; why: string }[];
  reason?: string;
}

test('400 distinct generic lines cost at most the category files, with the candidates of per-line searches', async () => {
  emulator.resetLog();
  const result = await call(mcp.client, 'find_parts', { lines: LINES });
  expect(result.isError).toBeFalsy();
  const answers = (result.structuredContent as { answers: Answer[] }).answers;
  expect(answers).toHaveLength(LINES.length);
  // Two categories (ceramic capacitors and inductors), each its download link and its file.
  expect(emulator.requests.length).toBeLessThanOrEqual(2 * REQUESTS_PER_CATEGORY_FILE);
  expect(emulator.requests.filter((r) => r.url.includes('/products?'))).toHaveLength(0);
  expect(answers.filter((a) => a.candidates.length > 0).length).toBeGreaterThan(100);

  const sample = LINES.filter((_, i) => i % 40 === 0);
  const perLine = await findParts(sample, createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false }), { count: 3 });
  const asked = sample.map((line) => answers[LINES.indexOf(line)]);
  expect(asked.map((a) => ({ input: a.input, candidates: a.candidates.map((c) => `${c.Partno}: ${c.why}`), reason: a.reason }))).toEqual(
    perLine.answers.map((a) => ({ input: a.input, candidates: a.candidates.map((c) => `${c.Partno}: ${c.why}`), reason: a.reason })),
  );
  expect(asked.some((a) => a.candidates.length > 0)).toBe(true);
});
