import { AnswerTooDeepError, API_KEY_HEADER, parseRetryAfter, redactJsonText, TOO_DEEP_SENTENCE, valueDeeperThan } from '../../api';
import { RelayProblem } from './problem';
import type { RelayRoute, ServerObserver } from '../options';
import { BudgetTimeoutError, type CachedAnswer, type UpstreamBudget } from '../state/types';
import { getUpstream, readUpstreamBody, UpstreamFailure, type UpstreamAgents, type UpstreamResponse } from './upstream';

/** Largest upstream answer read into memory (2,000 products are a few MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** A 429 without Retry-After pauses this long. */
const DEFAULT_PAUSE_MS = 1000;
/** Headers of an upstream answer that are replayed to users; nothing else (no cookies, no hop-by-hop). */
const REPLAYED_HEADERS = ['content-type'];

export interface UpstreamCall {
  route: RelayRoute;
  url: URL;
  /** Sent as `x-api-key`; omitted when undefined. */
  key?: string;
  /** Epoch ms: the whole exchange, queueing included, must end by then. */
  deadline: number;
  signal?: AbortSignal;
  extraHeaders?: Record<string, string>;
  /** Time allowed for the exchange once it starts, body included. @default until the deadline */
  exchangeTimeoutMs?: number;
}

export interface UpstreamContext {
  budget: UpstreamBudget;
  agents: UpstreamAgents;
  observer?: ServerObserver;
  now: () => number;
}

/**
 * Sends one upstream GET inside the budget: waits its turn in the queue, and when the upstream
 * answers 429 pauses every request for its Retry-After and tries again, as long as the deadline
 * allows. Throws BudgetTimeoutError when the wait would pass the deadline.
 */
export async function sendWithinBudget(ctx: UpstreamContext, call: UpstreamCall): Promise<UpstreamResponse> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'PartSpec-server', ...call.extraHeaders };
  if (call.key) headers[API_KEY_HEADER] = call.key;
  for (;;) {
    const queued = ctx.now();
    try {
      await ctx.budget.acquire(call.deadline, call.signal);
    } catch (error) {
      if (error instanceof BudgetTimeoutError) ctx.observer?.budgetTimeout?.({ route: call.route, waitMs: error.waitMs });
      throw error;
    }
    ctx.observer?.queueWait?.({ route: call.route, ms: ctx.now() - queued });
    const started = ctx.now();
    const remaining = call.deadline - started;
    if (remaining <= 0) throw new BudgetTimeoutError(0);
    let response: UpstreamResponse;
    try {
      response = await getUpstream(call.url, headers, call.exchangeTimeoutMs ?? remaining, call.signal, ctx.agents);
    } catch (error) {
      ctx.observer?.upstream?.({ route: call.route, durationMs: ctx.now() - started, error: error instanceof UpstreamFailure ? error.reason : 'network' });
      throw error;
    }
    ctx.observer?.upstream?.({ route: call.route, status: response.status, durationMs: ctx.now() - started });
    if (response.status !== 429) return response;
    response.body.resume();
    const pauseMs = parseRetryAfter(firstHeader(response.headers['retry-after']), ctx.now()) ?? DEFAULT_PAUSE_MS;
    ctx.observer?.upstreamRateLimited?.({ retryAfterMs: pauseMs });
    await ctx.budget.pause(pauseMs);
  }
}

/** The parsed JSON of a text, or undefined for text that is not JSON (an HTML error page). */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * An upstream API answer read whole, with only the headers worth replaying. It is data with
 * bounds: one nested deeper than MAX_JSON_DEPTH is refused (502, one sentence), and the key it was
 * asked with is redacted wherever the answer echoes it, before it is cached, logged or sent on.
 */
export async function fetchAnswer(ctx: UpstreamContext, call: UpstreamCall): Promise<CachedAnswer> {
  const response = await sendWithinBudget(ctx, call);
  const raw = await readUpstreamBody(response.body, MAX_ANSWER_BYTES);
  const text = raw.toString('utf8');
  let redacted: string;
  try {
    if (response.status === 200 && valueDeeperThan(parseOrUndefined(text))) throw new AnswerTooDeepError();
    redacted = call.key ? redactJsonText(text, [call.key]) : text;
  } catch (error) {
    if (error instanceof AnswerTooDeepError) throw new RelayProblem(502, TOO_DEEP_SENTENCE);
    throw error;
  }
  const body = redacted === text ? raw : Buffer.from(redacted, 'utf8');
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = firstHeader(response.headers[name]);
    if (value) headers[name] = value;
  }
  return { status: response.status, headers, body };
}
