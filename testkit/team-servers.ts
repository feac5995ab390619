import { DEMO_KEY } from '../emulator';
import { buildServer, type PartSpecServer } from '../server/app';
import { createServerMetrics, type ServerMetrics } from '../server/ops/metrics';
import { opsPlugin } from '../server/ops/plugin';
import type { AbuseLimitOptions, Rate } from '../server/options';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryState } from '../server/state/memory';
import { createRedisState, type RedisSharedState } from '../server/state/redis';
import type { SharedState } from '../server/state/types';

/**
 * Several PartSpec servers sharing one Redis in front of one upstream, each on its own port, as a
 * team runs them behind a load balancer: the same pieces `partspec serve --redis URL` assembles.
 */
export interface TeamInstance {
  url: string;
  server: PartSpecServer;
  state: SharedState;
  metrics: ServerMetrics;
  /** Lines the shared state logged (one per change of Redis state). */
  stateLog: string[];
}

export interface Team {
  instances: TeamInstance[];
  close(): Promise<void>;
}

export interface TeamOptions {
  count: number;
  /** Shared state in this Redis; without it each instance keeps its own (the naive scale-out, for comparison). */
  redisUrl?: string;
  upstream: string;
  /** Key prefix in Redis, so several teams can share one redis-server in a test run. */
  prefix: string;
  upstreamRate?: Rate;
  /** Per-user limit; off by default here so simulated users are limited only by the budget. */
  userRate?: Rate | false;
  metricsToken?: string;
  requestTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** Per-address limits on refused credentials and unproven keys (server defaults otherwise). */
  abuseLimits?: AbuseLimitOptions;
}

/** Without Redis, the instances are given one link secret by hand (with Redis they agree on it themselves). */
const LINK_SECRET = Buffer.alloc(32, 7);

export async function startTeam(options: TeamOptions): Promise<Team> {
  const instances: TeamInstance[] = [];
  // Without Redis the instances share one tokens file, as servers on one host could.
  const dir = options.redisUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'partspec-team-'));
  for (let i = 0; i < options.count; i += 1) {
    const stateLog: string[] = [];
    const state = options.redisUrl
      ? await createRedisState({
          url: options.redisUrl,
          prefix: options.prefix,
          upstreamRate: options.upstreamRate,
          teamMode: true,
          commandTimeoutMs: options.commandTimeoutMs,
          log: { info: (line) => stateLog.push(line), warn: (line) => stateLog.push(line) },
        })
      : createMemoryState({ upstreamRate: options.upstreamRate, tokensFile: path.join(dir as string, 'tokens.json') });
    const metrics = createServerMetrics({ state, processMetrics: false });
    const server = await buildServer({
      upstream: options.upstream,
      apiKey: DEMO_KEY,
      state,
      observer: metrics.observer,
      userRate: options.userRate ?? false,
      requestTimeoutMs: options.requestTimeoutMs,
      abuseLimits: options.abuseLimits,
      linkSecret: options.redisUrl ? await (state as RedisSharedState).linkSecret() : LINK_SECRET,
      logger: false,
    });
    await server.app.register(opsPlugin, { state, upstream: options.upstream, metrics, metricsToken: options.metricsToken });
    const url = await server.listen(0, '127.0.0.1');
    instances.push({ url, server, state, metrics, stateLog });
  }
  return {
    instances,
    async close() {
      await Promise.all(instances.map((i) => i.server.close()));
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
