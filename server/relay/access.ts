import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Rate } from '../options';
import type { AbuseLimits } from './abuse-limits';
import type { AcceptedKeys } from './accepted-keys';
import { requestCredential, type Caller } from './credentials';

/**
 * Who may use the server and how much: the credential check, the pass-through keys the upstream
 * proved, the per-address limits and the per-user limit. One of each per server, shared by the
 * relay and `/mcp`, so an assistant is counted as the user (and the address) it is, never as the
 * server itself.
 */
export interface RelayAccess {
  passThrough: boolean;
  /** Checks the `x-api-key` a request carries (throws RelayProblem 403 or 503). */
  authenticate(headers: FastifyRequest['headers']): Promise<Caller>;
  /** Pass-through: keys the upstream accepted lately. */
  accepted: AcceptedKeys;
  /** Per-address limits on refused credentials and on unproven pass-through keys. */
  limits: AbuseLimits;
  /** The per-user limit as a route's `config.rateLimit` (@fastify/rate-limit), when there is one. */
  rateLimit?: Record<string, unknown>;
  /**
   * The user a request counts as: its credential (a token, or a pass-through key the upstream
   * accepted), else its source address, so random keys share their address's bucket instead of
   * getting a fresh one each.
   */
  userOf(request: FastifyRequest): string;
}

export function createRelayAccess(options: {
  passThrough: boolean;
  authenticate: RelayAccess['authenticate'];
  accepted: AcceptedKeys;
  limits: AbuseLimits;
  userRate: Rate | false;
}): RelayAccess {
  const { passThrough, accepted } = options;
  const userOf = (request: FastifyRequest): string => {
    const credential = requestCredential(request.headers);
    if (!credential) return `ip:${request.ip}`;
    const hash = createHash('sha256').update(credential).digest('hex');
    return passThrough && !accepted.has(hash) ? `ip:${request.ip}` : `c:${hash.slice(0, 24)}`;
  };
  const rate = options.userRate;
  const rateLimit = rate
    ? {
        max: rate.max,
        timeWindow: rate.windowMs,
        keyGenerator: userOf,
        errorResponseBuilder: (_request: FastifyRequest, context: { max: number; after: string; ttl: number }) => ({
          statusCode: 429,
          message: `Too many requests from this user: at most ${context.max} per ${context.after} on this PartSpec server. Retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
        }),
      }
    : undefined;
  return { passThrough, authenticate: options.authenticate, accepted, limits: options.limits, rateLimit, userOf };
}
