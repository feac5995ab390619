/**
 * The emulator's query parser under 10,000 generated inputs over real HTTP (keep-alive, bounded
 * concurrency): never a 500, never a crash; a 400 with a JSON message for every invalid input and
 * a 200 with a product list for every valid one. Validity is judged independently of the
 * emulator's own query-string code: form decoding, then the spec's grammar as the shared parser
 * reads it on the wire.
 */
import http from 'node:http';
import { DEMO_KEY, type RunningEmulator } from '../../emulator';
import { API_KEY_HEADER, ENDPOINTS, URL_BUDGET_BYTES, categoryOf, parseFilter, parseOrderBy, isLang } from '../../api';
import { generateFuzzInputs, type FuzzInput } from './fuzz-inputs';
import { closePoolAndCheckBudget, createEmulatorPool, recordFigures } from './support';

const COUNT = 10_000;
const CONCURRENCY = 6;
/**
 * Valid inputs cost the emulator a catalog scan and a render (tens of ms, against under 1 ms for a
 * refusal); this many keeps the file fast while still proving the 200 side.
 */
const MAX_VALID = 300;
const SEED = Number(process.env.PARTSPEC_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const pool = createEmulatorPool();
let emulator: RunningEmulator;
let agent: http.Agent;

beforeAll(async () => {
  emulator = await pool.start();
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
});

let figures: Record<string, number> = {};

afterAll(async () => {
  agent.destroy();
  const { requests, maxUrlBytes } = await closePoolAndCheckBudget(pool);
  recordFigures('parser-fuzz', { ...figures, requestsChecked: requests, maxUrlBytes });
});

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${emulator.url}${path}`, { agent, headers: { [API_KEY_HEADER]: DEMO_KEY } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Form decoding of one query string; undefined when a parameter is not valid percent-encoded UTF-8. */
function decodeQuery(query: string): Map<string, string[]> | undefined {
  const out = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    try {
      const key = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
      const value = decodeURIComponent((eq < 0 ? '' : part.slice(eq + 1)).replace(/\+/g, ' '));
      out.set(key, [...(out.get(key) ?? []), value]);
    } catch {
      return undefined;
    }
  }
  return out;
}

/** Whether the service should accept the query: decodable, each parameter once, and grammatical. */
function isValid(query: string): boolean {
  const params = decodeQuery(query);
  if (!params) return false;
  if ([...params.values()].some((values) => values.length > 1)) return false;
  const langText = params.get('lang')?.[0];
  const lang = langText !== undefined && isLang(langText) ? langText : 'en';
  try {
    const filter = parseFilter(params.get('$filter')?.[0] ?? '', { syntax: 'wire', lang });
    parseOrderBy(params.get('$orderby')?.[0] ?? '', { syntax: 'wire', category: categoryOf(filter) });
    return true;
  } catch {
    return false;
  }
}

interface Outcome {
  input: FuzzInput;
  valid: boolean;
  answer?: Answer;
  problem?: string;
}

function judge(input: FuzzInput, valid: boolean, answer: Answer): string | undefined {
  if (answer.status !== (valid ? 200 : 400)) return `status ${answer.status}, expected ${valid ? 200 : 400}: ${answer.body.slice(0, 200)}`;
  if (!answer.contentType.startsWith('application/json')) return `content-type ${answer.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (valid) {
    const ok = typeof body === 'object' && body !== null && typeof (body as { HasMoreHits?: unknown }).HasMoreHits === 'boolean';
    return ok ? undefined : `a 200 without a product list: ${answer.body.slice(0, 200)}`;
  }
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? undefined : `a 400 without a message: ${answer.body.slice(0, 200)}`;
}

test(`${COUNT.toLocaleString('en-US')} generated queries: 400 with a message when invalid, 200 when valid, never 500 (seed from PARTSPEC_FUZZ_SEED)`, async () => {
  const prefix = `${emulator.url}${ENDPOINTS.products}?`;
  const validity = new Map<FuzzInput, boolean>();
  let validCount = 0;
  const inputs = generateFuzzInputs(SEED, COUNT, (input) => {
    if (Buffer.byteLength(prefix + input.query) > URL_BUDGET_BYTES) return false;
    const valid = isValid(input.query);
    if (valid && validCount >= MAX_VALID) return false;
    if (valid) validCount++;
    validity.set(input, valid);
    return true;
  });
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < inputs.length) {
      const input = inputs[next++];
      const valid = validity.get(input)!;
      try {
        const answer = await get(`${ENDPOINTS.products}?${input.query}`);
        outcomes.push({ input, valid, answer, problem: judge(input, valid, answer) });
      } catch (error) {
        outcomes.push({ input, valid, problem: `no answer: ${String(error)}` });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  const problems = outcomes.filter((o) => o.problem).map((o) => `${o.input.kind} ${o.input.query} → ${o.problem}`);
  expect({ seed: SEED, problems: problems.slice(0, 10) }).toEqual({ seed: SEED, problems: [] });
  expect(outcomes).toHaveLength(COUNT);
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.answer!.status, (statuses.get(o.answer!.status) ?? 0) + 1);
  expect([...statuses.keys()].sort()).toEqual([200, 400]);
  const kinds = { mutation: 0, encoding: 0, bytes: 0 };
  for (const o of outcomes) kinds[o.input.kind]++;

  // Still standing: the health check and an ordinary search answer as before.
  expect((await get('/healthz')).status).toBe(200);
  const plain = await get(`${ENDPOINTS.products}?$filter=${encodeURIComponent("Partno eq 'MCS18R71H104KZ9D'")}`);
  expect(plain.status).toBe(200);
  expect(JSON.parse(plain.body)).toMatchObject({ HasMoreHits: false });

  figures = {
    inputs: outcomes.length,
    valid200: statuses.get(200) ?? 0,
    invalid400: statuses.get(400) ?? 0,
    status500: 0,
    mutations: kinds.mutation,
    encodingProblems: kinds.encoding,
    randomBytes: kinds.bytes,
    seed: SEED,
  };
}, 120_000);
