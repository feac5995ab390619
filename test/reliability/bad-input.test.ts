/**
 * Bad input: every search in the corpus is refused by the client with a message that names the
 * problem, and the emulator never hears of it (its log stays empty).
 */
import type { RunningEmulator } from '../../emulator';
import { createClient, isValidationError, type Client } from '../../api';
import { BAD_INPUTS, queryOf, type BadInputKind } from './corpus/bad-input';
import { SECRET_KEY, closePoolAndCheckBudget, createEmulatorPool, logSettled, recordFigures } from './support';

const pool = createEmulatorPool();
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await pool.start({ keys: [SECRET_KEY] });
  client = createClient({ baseUrl: emulator.url, apiKey: SECRET_KEY, cache: false, retry: false });
});

afterAll(async () => {
  const { requests } = await closePoolAndCheckBudget(pool);
  recordFigures('bad-input', { corpus: BAD_INPUTS.length, requestsChecked: requests });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the bad input was accepted');
}

test('the corpus has at least 60 entries and every kind of mistake', () => {
  expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(60);
  const kinds = new Map<BadInputKind, number>();
  for (const input of BAD_INPUTS) kinds.set(input.kind, (kinds.get(input.kind) ?? 0) + 1);
  expect([...kinds.keys()].sort()).toEqual(['category', 'field', 'lang', 'number', 'operator', 'orderby', 'syntax', 'unit', 'value']);
  expect(Math.min(...kinds.values())).toBeGreaterThanOrEqual(3);
});

describe.each(BAD_INPUTS.map((input, i) => [i + 1, input.kind, input.filter ?? input.orderby ?? input.category ?? input.lang ?? '', input] as const))(
  '#%i %s: %s',
  (_n, _kind, _text, input) => {
    test('search and harvest are refused with the expected message, before any request', async () => {
      for (const call of [client.search(queryOf(input)), client.harvest(queryOf(input))]) {
        const error = await rejection(call);
        expect(isValidationError(error)).toBe(true);
        expect((error as Error).message).toContain(input.expected);
      }
    });
  },
);

test("the emulator's log is empty: nothing was sent for any of them", async () => {
  await logSettled(emulator);
  expect(emulator.requests).toEqual([]);
  expect(client.stats().requests).toBe(0);
});
