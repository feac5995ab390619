import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedState, StateHealth } from '../state/types';
import type { ServerMetrics } from './metrics';
import { createUpstreamProbe, type UpstreamProbe } from './upstream-probe';

export interface OpsOptions {
  state: SharedState;
  /** The maker's API base (for `/readyz`). */
  upstream: string;
  /** Serves `/metrics` from these; absent means `/metrics` does not exist (`--no-metrics`). */
  metrics?: ServerMetrics;
  /**
   * When set, `/metrics` answers only requests with `Authorization: Bearer <token>`
   * (`PARTSPEC_METRICS_TOKEN` or `--metrics-token-file`). @default open
   */
  metricsToken?: string;
  /** How `/readyz` learns whether the upstream answers. @default a cached GET of the upstream's root */
  probe?: UpstreamProbe;
}

/** The `/readyz` answer: ready, ready on local state (degraded), or not ready. */
export interface Readiness {
  status: 'ready' | 'degraded' | 'unready';
  upstream: { reachable: boolean; detail?: string };
  sharedState: StateHealth;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares digests, so the comparison takes the same time whatever the length or content of the guess. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Operations endpoints as one Fastify plugin:
 * - `GET /healthz`: the process runs and answers (liveness; never touches the upstream or Redis).
 * - `GET /readyz`: 200 when the upstream answers (`degraded` in the body while Redis is away: the
 *   instance still serves every request, so a load balancer should keep it); 503 when the upstream
 *   cannot be reached.
 * - `GET /metrics`: Prometheus text, behind a bearer token when one is configured.
 */
export async function opsPlugin(app: FastifyInstance, options: OpsOptions): Promise<void> {
  const probe = options.probe ?? createUpstreamProbe({ upstream: options.upstream, seen: options.metrics?.upstreamSeen });

  app.get('/healthz', { exposeHeadRoute: true }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', { exposeHeadRoute: true }, async (_request, reply) => {
    const upstream = await probe.check();
    const sharedState = options.state.health();
    const status: Readiness['status'] = !upstream.reachable ? 'unready' : sharedState.state === 'ok' ? 'ready' : 'degraded';
    const body: Readiness = { status, upstream, sharedState };
    return noStore(reply).code(status === 'unready' ? 503 : 200).send(body);
  });

  const metrics = options.metrics;
  if (!metrics) return;
  app.get('/metrics', async (request, reply) => {
    if (options.metricsToken && !bearerMatches(request, options.metricsToken)) {
      return noStore(reply)
        .code(401)
        .header('www-authenticate', 'Bearer realm="partspec-metrics"')
        .type('application/json; charset=utf-8')
        .send({ message: 'The metrics need the token configured on this server: send it as "Authorization: Bearer <token>".' });
    }
    const text = await metrics.registry.metrics();
    return noStore(reply).type(metrics.registry.contentType).send(text);
  });
}
