import { getUpstream } from '../relay/upstream';

export interface UpstreamProbe {
  /** Whether the upstream answers HTTP at all (any status counts: a 403 without a key still means it is there). */
  check(): Promise<{ reachable: boolean; detail?: string }>;
}

export interface UpstreamProbeOptions {
  upstream: string;
  /** The relay's own recent experience; a fresh answer spares the probe. */
  seen?: () => { answeredAt: number; failedAt: number };
  /** A relayed answer this recent proves the upstream reachable. @default 30000 */
  freshMs?: number;
  /** A probe result is reused this long, so a load balancer polling `/readyz` costs the upstream little. @default 10000 */
  cacheMs?: number;
  /** @default 3000 */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Tells `/readyz` whether the maker's API can be reached. Requests the relay made lately answer
 * that for free; otherwise one GET of the upstream's root, without a key (the API methods are
 * not called, so no request budget is spent), at most once per `cacheMs`.
 */
export function createUpstreamProbe(options: UpstreamProbeOptions): UpstreamProbe {
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? 30_000;
  const cacheMs = options.cacheMs ?? 10_000;
  let last: { at: number; result: { reachable: boolean; detail?: string } } | undefined;
  let running: Promise<{ reachable: boolean; detail?: string }> | undefined;

  async function probeOnce(): Promise<{ reachable: boolean; detail?: string }> {
    try {
      const response = await getUpstream(new URL(`${options.upstream.replace(/\/+$/, '')}/`), { 'user-agent': 'PartSpec-server readiness' }, options.timeoutMs ?? 3000);
      response.body.resume();
      return { reachable: true };
    } catch (error) {
      return { reachable: false, detail: `the product service cannot be reached (${(error as Error).message.slice(0, 80)})` };
    }
  }

  return {
    async check() {
      const seen = options.seen?.();
      const t = now();
      if (seen && seen.answeredAt > 0 && t - seen.answeredAt < freshMs && seen.answeredAt >= seen.failedAt) return { reachable: true };
      if (last && t - last.at < cacheMs && !(seen && seen.failedAt > last.at)) return last.result;
      running ??= probeOnce().finally(() => {
        running = undefined;
      });
      const result = await running;
      last = { at: now(), result };
      return result;
    },
  };
}
