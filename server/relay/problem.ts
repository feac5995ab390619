import type { FastifyReply } from 'fastify';

/** An answer the relay gives itself: a status and one sentence, sent as JSON `{ message }`. */
export class RelayProblem extends Error {
  override readonly name = 'RelayProblem';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Sends `{ message }` with a status: the shape the emulator and the add-in's error path expect. */
export function sendProblem(reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ message });
}
