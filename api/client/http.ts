import { API_KEY_HEADER } from '../vocabulary';
import type { RequestInfo } from '../errors/api-error';
import { AuthError } from '../errors/auth-error';
import { BadRequestError } from '../errors/bad-request-error';
import { CancelledError, isCancelledError } from '../errors/cancelled-error';
import { HttpError, type HttpErrorOptions } from '../errors/http-error';
import { NetworkError } from '../errors/network-error';
import { NotFoundError } from '../errors/not-found-error';
import { RateLimitError } from '../errors/rate-limit-error';
import { REDACTED, redact } from '../errors/redact';
import { ServerError } from '../errors/server-error';
import { TimeoutError } from '../errors/timeout-error';
import { UriTooLongError } from '../errors/uri-too-long-error';
import { ValidationError } from '../errors/validation-error';
import type { Limiter } from './limiter';
import { diagnoseFetchFailure, reachabilityMessage, type Reachability } from './reachability';
import { computeRetryDelay, isRetryableStatus, mayRetry, parseRateLimitWait, parseRetryAfter, type RetryPolicy, type RetryState } from './retry';
import { SLOW_ANSWER_MS, type ServiceMonitor, type ServiceState } from './service-state';
import { onAbort, sleep } from './sleep';

import { readBodyText, utf8Length } from './body';
import { AnswerTooDeepError } from '../json-bounds';

export { readBodyText, readJson, utf8Length } from './body';

/** What the `onRequest` hook hears about every attempt. Never contains the API key. */
export interface RequestEvent {
  method: 'GET';
  url: string;
  /** Bytes of the URL (UTF-8). */
  urlBytes: number;
  /** HTTP status, or undefined when no response arrived (network failure, timeout, cancel). */
  status?: number;
  /** Bytes of the response body read. */
  bytes: number;
  /** Products in a successful product search response. */
  products?: number;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
  durationMs: number;
  /** Name of the error class when the attempt failed. */
  error?: string;
}

/** Everything a request needs from the client; built once by createClient. */
export interface Transport {
  fetch: typeof globalThis.fetch;
  getApiKey: () => Promise<string>;
  retry: RetryPolicy;
  limiter: Limiter;
  timeoutMs: number;
  onRequest?: (event: RequestEvent) => void;
  /** Hears how the service behaves (limiting, failing, slow), for progress lines. */
  service: ServiceMonitor;
  /** Running totals for `client.stats()`. */
  totals: { requests: number; bytes: number; retries: number };
  /** Keys seen so far, to redact from anything shown. */
  secrets: Set<string>;
}

export interface SendOptions<T> {
  signal?: AbortSignal;
  /** Reads the body of a successful response (inside the attempt, so a cut-off body is retried). */
  read: (response: Response, signal: AbortSignal) => Promise<{ value: T; bytes: number; products?: number }>;
  /** Send the API key (false for a download address on another host). @default true */
  withKey?: boolean;
}

export interface SendResult<T> {
  value: T;
  status: number;
  bytes: number;
  attempts: number;
}


function errorForStatus(options: HttpErrorOptions & { retryAfter?: number }): HttpError {
  const { status } = options;
  if (status === 400) return new BadRequestError(options);
  if (status === 403) return new AuthError(options);
  if (status === 404) return new NotFoundError(options);
  if (status === 414) return new UriTooLongError(options);
  if (status === 429) return new RateLimitError(options);
  if (status >= 500 && status <= 599) return new ServerError(options);
  return new HttpError(options);
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `: ${(cause as Error & { code?: string }).code ?? cause.message}` : '';
    return `${error.message}${causeText}`;
  }
  return String(error);
}

/**
 * Sends one GET with the key in the `x-api-key` header, under the limiter, with the per-request
 * timeout, and retries what the policy allows (429, 5xx, network failures, timeouts) with
 * jittered backoff until the policy's time budget is spent. A 429 with Retry-After is a wait the
 * limiter keeps for every request, not a failed attempt; every answer teaches the limiter the
 * service's pace. Every error it throws is typed and carries the request with the key redacted.
 */
export async function send<T>(transport: Transport, url: string, options: SendOptions<T>): Promise<SendResult<T>> {
  const { signal } = options;
  const withKey = options.withKey ?? true;
  let key = '';
  if (withKey) {
    key = await transport.getApiKey();
    if (!key) throw new ValidationError('badOption', 'No API key is set. Enter it in Settings.', { field: 'apiKey' });
    transport.secrets.add(key);
  }
  const secrets = [...transport.secrets];
  const request: RequestInfo = {
    method: 'GET',
    url: redact(url, secrets),
    headers: withKey ? { [API_KEY_HEADER]: REDACTED } : {},
  };
  const urlBytes = utf8Length(new URL(url).href);
  const policy = transport.retry;
  const budget: RetryState = { failures: 0, firstFailureAt: 0 };
  let networkFailures = 0;
  /** Network failures in a row, and how many of them in a row found nothing answering. */
  let networkRun = 0;
  let refusals = 0;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new CancelledError({ request, cause: signal.reason });
    const started = Date.now();
    let failure: Error;
    let retryAfter: number | undefined;
    let retryable: boolean;
    /** A 429 that said when to come back: a wait, not a failed attempt. */
    let waitAsAsked = false;
    let network: { error: unknown } | undefined;
    let refused = false;
    try {
      // A request that will not retry is not held back by the learnt pace: it takes its one answer.
      const outcome = await transport.limiter.run(() => attemptOnce(transport, url, key, withKey, options), signal, { paced: policy.limit > 0 });
      if (outcome.kind === 'ok') {
        const durationMs = Date.now() - started;
        transport.limiter.observe({ limited: false, waitMs: capWait(outcome.rateWaitMs, policy) });
        transport.service.report(serviceAfterAnswer(transport, durationMs));
        transport.totals.requests++;
        transport.totals.bytes += outcome.bytes;
        transport.onRequest?.({
          method: 'GET', url: request.url, urlBytes, status: outcome.status, bytes: outcome.bytes,
          products: outcome.products, attempt, durationMs,
        });
        return { value: outcome.value, status: outcome.status, bytes: outcome.bytes, attempts: attempt };
      }
      transport.totals.requests++;
      if (outcome.kind === 'status') {
        const body = redact(outcome.body, secrets);
        retryAfter = parseRetryAfter(outcome.retryAfter);
        failure = errorForStatus({ status: outcome.status, request, body, attempts: attempt, retryAfter });
        retryable = isRetryableStatus(outcome.status, policy);
        // Cut short by maxRetryAfter, the wait is no longer the one asked for: it counts as a failure.
        waitAsAsked = outcome.status === 429 && retryAfter !== undefined && retryAfter <= policy.maxRetryAfter;
        const limited = outcome.status === 429;
        transport.limiter.observe({ limited, waitMs: capWait(limited && retryAfter !== undefined ? retryAfter : outcome.rateWaitMs, policy) });
        transport.totals.bytes += outcome.bytes;
        transport.onRequest?.({
          method: 'GET', url: request.url, urlBytes, status: outcome.status, bytes: outcome.bytes, attempt,
          durationMs: Date.now() - started, error: failure.name,
        });
      } else if (outcome.kind === 'cancelled') {
        throw new CancelledError({ request, cause: signal?.reason });
      } else if (outcome.kind === 'timeout') {
        failure = new TimeoutError(transport.timeoutMs, { request, attempts: attempt });
        retryable = policy.retryOnTimeout;
        transport.onRequest?.({ method: 'GET', url: request.url, urlBytes, bytes: 0, attempt, durationMs: Date.now() - started, error: failure.name });
      } else {
        network = outcome;
        networkFailures++;
        refused = REFUSED.test(describeFailure(outcome.error));
        failure = new NetworkError(redact(describeFailure(outcome.error), secrets), { request, attempts: attempt });
        retryable = true;
        transport.onRequest?.({ method: 'GET', url: request.url, urlBytes, bytes: 0, attempt, durationMs: Date.now() - started, error: failure.name });
      }
    } catch (error) {
      if (isCancelledError(error)) throw error.request ? error : new CancelledError({ request, cause: signal?.reason });
      throw error;
    }

    const now = Date.now();
    if (budget.firstFailureAt === 0) budget.firstFailureAt = now;
    if (!waitAsAsked) budget.failures++;
    // After a 429 the limiter holds every start until the service's Retry-After; nothing more to wait here.
    const delay = waitAsAsked ? 0 : computeRetryDelay(budget.failures, policy, retryAfter);
    // A Retry-After that ends after the budget cannot be met by any wait: give up now.
    let retry = retryable && mayRetry(budget, retryAfter ?? delay, policy, now);
    networkRun = network ? networkRun + 1 : 0;
    if (network) {
      let reachability: Reachability | undefined;
      // Only a failure that repeats, or the last one, is worth a probe: a single dropped connection
      // is common and says nothing about the address.
      if (networkFailures >= 2 || !retry) {
        reachability = await diagnoseFetchFailure(transport.fetch, url, network.error, { signal });
        const userMessage = reachability && reachabilityMessage(reachability, new URL(url).origin);
        failure = new NetworkError(redact(describeFailure(network.error), secrets), { request, attempts: attempt, reachability, userMessage });
        // CORS does not change between attempts: one retry rules out a dropped connection, no more.
        if (reachability === 'cors') retry = false;
      }
      // Node names a refused connection; a browser names nothing, so a probe that got no answer
      // either stands for every network failure of this run, the first one (not probed) included.
      refusals = refused ? refusals + 1 : reachability === 'unreachable' ? Math.max(refusals + 1, networkRun) : 0;
      // Nothing listens at the address, or the name does not resolve, `unreachableLimit` times in a
      // row: a wrong address or a stopped service, which waiting out the budget would not change.
      if (refusals >= policy.unreachableLimit) {
        if (!(failure as NetworkError).reachability) {
          const userMessage = reachabilityMessage('unreachable', new URL(url).origin);
          failure = new NetworkError(redact(describeFailure(network.error), secrets), { request, attempts: attempt, reachability: 'unreachable', userMessage });
        }
        retry = false;
      }
    } else refusals = 0;
    if (!retry) throw failure;
    transport.service.report(
      (failure as { status?: number }).status === 429
        ? { condition: 'limiting', waitMs: transport.limiter.holdMs || undefined }
        : { condition: 'failing' },
    );
    transport.totals.retries++;
    await sleep(delay, signal).catch((error: unknown) => {
      throw isCancelledError(error) ? new CancelledError({ request, cause: signal?.reason }) : error;
    });
  }
}

/** Failures that mean nothing answers at the address, or fetch refuses the port (Node names them; a browser does not). */
const REFUSED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|bad port/;

/** A wait the service asks for, cut to the policy's maxRetryAfter. */
function capWait(waitMs: number | undefined, policy: RetryPolicy): number | undefined {
  return waitMs === undefined ? undefined : Math.min(waitMs, policy.maxRetryAfter);
}

/** The service's condition after an answer that was not an error. */
function serviceAfterAnswer(transport: Transport, durationMs: number): ServiceState {
  if (transport.limiter.holdMs > 0 || transport.limiter.gapMs > 0) return { condition: 'limiting' };
  return { condition: durationMs >= SLOW_ANSWER_MS ? 'slow' : 'ok' };
}

type Outcome<T> =
  | { kind: 'ok'; value: T; status: number; bytes: number; products?: number; rateWaitMs?: number }
  | { kind: 'status'; status: number; body: string; bytes: number; retryAfter: string | null; rateWaitMs?: number }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

async function attemptOnce<T>(transport: Transport, url: string, key: string, withKey: boolean, options: SendOptions<T>): Promise<Outcome<T>> {
  const controller = new AbortController();
  const { signal } = options;
  let timedOut = false;
  const stopWaiting = signal ? onAbort(signal, () => controller.abort(signal.reason)) : undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, transport.timeoutMs);
  const interrupted = (): Outcome<T> | undefined =>
    signal?.aborted ? { kind: 'cancelled' } : timedOut ? { kind: 'timeout' } : undefined;
  try {
    let response: Response;
    try {
      response = await transport.fetch(url, {
        method: 'GET',
        headers: withKey ? { [API_KEY_HEADER]: key, accept: 'application/json' } : {},
        signal: controller.signal,
      });
    } catch (error) {
      return interrupted() ?? { kind: 'network', error };
    }
    try {
      if (!response.ok) {
        const { text, bytes } = await readBodyText(response);
        return { kind: 'status', status: response.status, body: text, bytes, retryAfter: response.headers.get('retry-after'), rateWaitMs: parseRateLimitWait(response.headers) };
      }
      const read = await options.read(response, controller.signal);
      return { kind: 'ok', status: response.status, ...read, rateWaitMs: parseRateLimitWait(response.headers) };
    } catch (error) {
      // An answer refused for what it is (too deep) would be refused again: no retry.
      if (error instanceof AnswerTooDeepError) throw error;
      return interrupted() ?? { kind: 'network', error };
    }
  } finally {
    clearTimeout(timer);
    stopWaiting?.();
  }
}
