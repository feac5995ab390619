import type { FastifyInstance } from 'fastify';
import { redact } from '../../api';
import { BudgetTimeoutError } from '../state/types';
import { RelayProblem, sendProblem } from './problem';
import { UpstreamFailure } from './upstream';

/** The one sentence for every address the server does not have. */
const NOT_FOUND_SENTENCE = 'This PartSpec server has no such address: the API is GET /v2/products and GET /v2/products/getproductdatadownloadurl.';

/** The sentence and status for a relay failure that is not an upstream answer. */
export function describeRelayFailure(error: unknown): { status: number; message: string; retryAfterSeconds?: number } | undefined {
  if (error instanceof RelayProblem) return { status: error.statusCode, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof BudgetTimeoutError) {
    const seconds = Math.max(1, Math.ceil(error.waitMs / 1000));
    return {
      status: 503,
      message: `${error.message} The PartSpec server queues requests so the service does not refuse them; try again in ${seconds} s.`,
      retryAfterSeconds: seconds,
    };
  }
  if (error instanceof UpstreamFailure) {
    return error.reason === 'timeout'
      ? { status: 504, message: 'The product service did not answer the PartSpec server in time; try again.' }
      : { status: 502, message: `The PartSpec server cannot reach the product service (${error.message}); try again later.` };
  }
  return undefined;
}

/**
 * The server's one error handler and not-found handler. Registered on the root before any route
 * or plugin (the relay, the hosted add-in, the operations routes and whatever is added later), so
 * every route answers its failures with the documented status and sentence. A failure the server
 * does not know is logged as one line (its message, secrets taken out), never with a stack.
 */
export function registerFailureHandlers(app: FastifyInstance, secrets: () => readonly string[]): void {
  app.setNotFoundHandler((_request, reply) => {
    sendProblem(reply, 404, NOT_FOUND_SENTENCE);
  });
  app.setErrorHandler((error: { statusCode?: number; message?: string; name?: string }, request, reply) => {
    const known = describeRelayFailure(error);
    if (known) {
      if (known.status >= 500) request.log.warn({ status: known.status }, redact(known.message, secrets()));
      return sendProblem(reply, known.status, known.message, known.retryAfterSeconds);
    }
    if (error.statusCode === 429) return sendProblem(reply, 429, error.message ?? 'Too many requests.', undefined);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ failure: { name: String(error.name ?? 'Error').slice(0, 60), message: redact(String(error.message), secrets()).slice(0, 300) } }, 'request failed');
    }
    return sendProblem(reply, status, status === 500 ? 'The PartSpec server failed to handle this request; try again.' : (error.message ?? 'Bad request.'));
  });
}
