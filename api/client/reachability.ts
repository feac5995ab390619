/**
 * What a failed call with no HTTP status means. In a browser (Excel's webviews included), `fetch`
 * rejects with a bare TypeError both when the address cannot be reached and when it answered but
 * CORS forbade the page to read the answer; the page is not told which. A `no-cors` probe tells
 * them apart: it needs no permission, so it settles with an opaque answer whenever anything at the
 * address answers, and rejects only when nothing does.
 */

/** `cors`: the address answered but does not allow calls from this page; `unreachable`: nothing answered. */
export type Reachability = 'cors' | 'unreachable';

/** How long the probe may take before the address counts as unreachable. */
const PROBE_TIMEOUT_MS = 5000;

export interface DiagnoseOptions {
  /** Origin of the page making the call; read from the page when not given (none in Node). */
  pageOrigin?: string;
  signal?: AbortSignal;
  /** @default 5000 */
  timeoutMs?: number;
}

/** The sentence users see for each case, naming the address so they know which one is at fault. */
export function reachabilityMessage(reachability: Reachability, origin: string): string {
  return reachability === 'cors'
    ? `The service at ${origin} answered, but does not allow calls from Excel add-ins (CORS). Use a PartSpec server (README: Deploying for a team).`
    : `${origin} cannot be reached. Check the network connection and the service address in Settings.`;
}

/** The origin of the page this code runs in, when it runs in a page served over http(s). */
function currentPageOrigin(): string | undefined {
  const scope = globalThis as { location?: { origin?: string; protocol?: string }; document?: unknown };
  if (!scope.document || !scope.location?.origin) return undefined;
  return /^https?:$/.test(scope.location.protocol ?? '') ? scope.location.origin : undefined;
}

/** By name, not instanceof: the error may come from another realm (a frame, a test sandbox). */
function isFetchTypeError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TypeError';
}

/**
 * Diagnoses a fetch that failed before any status: `unreachable` when the probe gets no answer
 * either, `cors` when it does and the call went to another origin from a page (only a browser
 * refuses an answer that arrived), undefined when the failure was something else (a dropped
 * connection, a cut-off body, or any failure outside a page).
 */
export async function diagnoseFetchFailure(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  error: unknown,
  options: DiagnoseOptions = {},
): Promise<Reachability | undefined> {
  if (!isFetchTypeError(error) || options.signal?.aborted) return undefined;
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? PROBE_TIMEOUT_MS);
  let answered: boolean;
  try {
    const probe = await fetchImpl(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal });
    await probe.body?.cancel().catch(() => undefined);
    answered = true;
  } catch {
    answered = false;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (options.signal?.aborted) return undefined;
  if (!answered) return 'unreachable';
  const page = options.pageOrigin ?? currentPageOrigin();
  return page && page !== new URL(url).origin ? 'cors' : undefined;
}
