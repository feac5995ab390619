import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { DEMO_KEY, startEmulator } from '../emulator';
import { buildServer } from '../server/app';
import { createMemoryState } from '../server/state/memory';
import { progress } from './conditions';
import { check, formatMs, type BenchmarkResult, type Row } from './report';

/*
 * B18: a user's lookups through a pass-through server while 80 callers from another address send
 * random keys. The test (test/server/abuse-limits.test.ts) holds what a count can say: every lookup
 * of the user is answered, the attackers get 429s and spend at most their allowance upstream. How
 * long the user waits is a timing, so it is measured here, beside the same lookups with no attack.
 */

const ATTACKERS = 80;

/** A GET from `localAddress` (another machine, as the server sees it): status and milliseconds. */
function getFrom(localAddress: string, url: string, key: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers: { 'x-api-key': key } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

const lookup = (partno: string): string => `/v2/products?$filter=Partno%20eq%20'${encodeURIComponent(partno)}'&lang=en`;

/** Runs B18. */
export async function runAbuseLatency(): Promise<BenchmarkResult> {
  const emulator = await startEmulator({ port: 0 });
  const server = await buildServer({
    upstream: emulator.url,
    passThrough: true,
    state: createMemoryState({ upstreamRate: { max: 10, windowMs: 1000 } }),
    logger: false,
    requestTimeoutMs: 4000,
    abuseLimits: { unprovenKeyRequests: { points: 10, seconds: 60 } },
  });
  const url = await server.listen(0, '127.0.0.1');
  try {
    const partnos = [...emulator.catalog.byPartno.keys()].slice(0, 23);
    // The user's key is proven by its first answer.
    await getFrom('127.0.0.1', `${url}${lookup(partnos[0])}`, DEMO_KEY);
    const userLookups = (list: readonly string[]) => Promise.all(list.map((partno) => getFrom('127.0.0.1', `${url}${lookup(partno)}`, DEMO_KEY)));

    progress('B18: 11 lookups of a user, no attack');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const quiet = await userLookups(partnos.slice(1, 12));
    await new Promise((resolve) => setTimeout(resolve, 1100));

    progress(`B18: 11 lookups of a user while ${ATTACKERS} callers send random keys`);
    const attack = Promise.all(
      Array.from({ length: ATTACKERS }, (_, i) => getFrom('127.0.0.2', `${url}${lookup(partnos[i % partnos.length])}`, `key-${randomBytes(12).toString('hex')}`)),
    );
    const attacked = await userLookups(partnos.slice(12, 23));
    const attackers = await attack;

    const slowest = (answers: readonly { ms: number }[]): number => Math.max(...answers.map((a) => a.ms));
    const answered = (answers: readonly { status: number }[]): number => answers.filter((a) => a.status === 200).length;
    const refused = attackers.filter((a) => a.status === 429).length;
    const rows: Row[] = [
      { benchmark: 'B18', case: "a user's 11 lookups, budget 10/s, no attack", timeMs: slowest(quiet), measure: `${answered(quiet)} of 11 answered; slowest ${formatMs(slowest(quiet))}`, checks: [] },
      {
        benchmark: 'B18',
        case: `the same, while ${ATTACKERS} callers at another address send random keys`,
        timeMs: slowest(attacked),
        measure: `${answered(attacked)} of 11 answered; slowest ${formatMs(slowest(attacked))}; ${refused} of ${ATTACKERS} attackers refused (429)`,
        checks: [check('B18 user lookups answered under attack', answered(attacked), '= 11', answered(attacked) === 11), check('B18 attackers refused (429)', refused, '≥ 70', refused >= 70)],
      },
    ];
    return { id: 'B18', title: "A user's wait while random keys are sent from another address", rows, details: { quiet, attacked, refused } };
  } finally {
    await server.close();
    await emulator.close();
  }
}
