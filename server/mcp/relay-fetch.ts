import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that sends the API client's requests through this server's own relay, in process
 * (`inject`): the assistants' calls pass the same token check, per-user limit, cache, coalescing
 * and upstream budget as the add-in's, on one instance or on Redis, without a network hop. Only
 * the path and query are kept; the caller's token goes as the relay's credential, and each
 * request comes from the caller's own address (`remoteAddress`, as the server resolved it), so
 * the per-address limits and the log count the assistant's user, never this server.
 */
export function relayFetch(app: FastifyInstance, remoteAddress: string): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const injected = app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers, remoteAddress });
    const answer = signal
      ? await new Promise<Awaited<typeof injected>>((resolve, reject) => {
          const abort = (): void => reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
          signal.addEventListener('abort', abort, { once: true });
          injected.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
        })
      : await injected;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers: responseHeaders });
  };
}
