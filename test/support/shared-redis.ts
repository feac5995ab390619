/**
 * The worker's one redis-server, for the test files that use Redis only as a store. Starting one
 * per file costs a process and its start-up each time; instead the first file of a jest worker
 * starts it, the worker's later files reuse it, and it stops when the worker exits. As the
 * emulator's catalogs do (test/support/jest/shared-catalogs.js), it is kept on a Node module, the
 * one thing jest hands every file of a worker unchanged.
 *
 * Each file works under a key prefix of its own (`prefix`), as separate deployments share one
 * Redis, so no file sees another's keys. Files that kill, freeze, restart or partition Redis on
 * purpose start their own with `startRedisServer` (testkit/redis-server.ts).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startTiedRedisServer } from '../../testkit/redis-server';

export interface SharedRedis {
  /** `redis://127.0.0.1:PORT` of the worker's server. */
  readonly url: string;
  readonly port: number;
  /** This file's key prefix, e.g. `redis-state:9f2c41d0:`; every key the file writes starts with it. */
  readonly prefix: string;
}

const KEY = Symbol.for('partspec.test.redis-server');
type Store = { server?: Promise<{ url: string; port: number }> };
const store = os as unknown as Record<symbol, Store | undefined>;

function workerServer(): Promise<{ url: string; port: number }> {
  const shared = (store[KEY] ??= {});
  if (!shared.server) {
    shared.server = startTiedRedisServer();
    // A failed start is not kept: the next file tries again.
    shared.server.catch(() => (shared.server = undefined));
  }
  return shared.server;
}

/** The worker's redis-server and a key prefix for the calling test file (the server starts on first use). */
export async function sharedRedis(): Promise<SharedRedis> {
  const server = await workerServer();
  const file = path.basename(expect.getState().testPath ?? 'test', '.test.ts');
  return { ...server, prefix: `${file}:${randomBytes(4).toString('hex')}:` };
}
