import { createHash } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, createClient, isHttpError, isLang, LANGS, messageOfBody, type Lang } from '../../api';
import { PartMemory } from '../../mcp/resources';
import { createPartSpecMcpServer } from '../../mcp/server';
import type { RelayAccess } from '../relay/access';
import { bearerOf, type Caller } from '../relay/credentials';
import { describeRelayFailure } from '../relay/failures';
import { RelayProblem } from '../relay/problem';
import { refusedPlace } from './request-place';
import { relayFetch } from './relay-fetch';

/*
 * `/mcp`: the assistants' server (mcp/) over Streamable HTTP, stateless (one server per POST), for
 * the team's assistants. A caller sends its personal token (pass-through: its own maker key) as
 * `Authorization: Bearer …`. An assistant is a user of this server like the add-in: its POSTs go
 * through the same credential check, the same per-user limit (`--user-rate`) and the same
 * per-address limit on refused credentials, and every API call a tool makes goes through the
 * relay (relay-fetch.ts) with that credential and from the caller's own address, so the maker's
 * key stays here, the assistants share the add-in users' cache and budget, and the limits and the
 * log see the real caller. No BOM file on the server is ever read: check_bom is offered only by
 * `partspec mcp --root` on the user's machine.
 */

export interface McpPluginOptions {
  /** The maker's API base: the client packs its URLs to the length the upstream will receive. */
  upstream: string;
  /** The server's credential check and limits (`PartSpecServer.access`), so /mcp counts callers as the relay does. */
  access: RelayAccess;
  /** The public URL in use: a request's Host and Origin must name it (or this machine). */
  publicUrl(): string;
}

/** A JSON-RPC message is small: the largest is a lookup of 1,000 part numbers. */
const MAX_BODY_BYTES = 256 * 1024;
/** Callers whose looked-up parts are remembered for the part resources (the least recent are forgotten). */
const MAX_CALLERS = 500;
/**
 * Calls one user (token, proven key, or address) may have running at once. Each call reads the
 * service page by page, so two calls put at most a few requests of one user in the shared
 * upstream queue at a time: a user with many deep searches waits for its own, not others.
 */
export const MAX_CALLS_PER_USER = 2;

const TOKEN_REFUSED = "This token is not valid or was revoked: ask the PartSpec server's administrator for a new one.";
const KEY_REFUSED = 'The product service refused this API key (403): send your own maker API key as "Authorization: Bearer <key>".';

function refuse(reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="partspec"');
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ jsonrpc: '2.0', error: { code: -32001, message }, id: null });
}

/**
 * A relay answer of 429 is always this server's own limit (the relay waits out the service's
 * 429s in its budget and never passes one on): the assistant reads the server's sentence, not
 * the client's words for the product service limiting requests.
 */
function ownLimitSentence(error: unknown): string | undefined {
  if (!isHttpError(error) || error.status !== 429) return undefined;
  return messageOfBody(error.body) ?? 'This PartSpec server is limiting requests from this user; wait a minute and try again.';
}

export const mcpPlugin: FastifyPluginAsync<McpPluginOptions> = async (scope: FastifyInstance, options) => {
  const { access } = options;
  const passThrough = access.passThrough;
  const memories = new Map<string, PartMemory>();
  const keep = (id: string, memory: PartMemory): void => {
    memories.delete(id);
    memories.set(id, memory);
    if (memories.size > MAX_CALLERS) memories.delete(memories.keys().next().value as string);
  };
  const running = new Map<string, number>();

  // Failures before the handler (the per-user limit, a body that is not JSON or too large) answer
  // as JSON-RPC errors too, in the same sentences the rest of the server uses.
  scope.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const known = describeRelayFailure(error);
    if (known) return refuse(reply, known.status, known.message, known.retryAfterSeconds);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ failure: { message: String(error.message).slice(0, 300) } }, '/mcp failed');
    return refuse(reply, status, status === 500 ? 'The PartSpec server failed to handle this request; try again.' : (error.message ?? 'Bad request.'));
  });

  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not JSON.'), { statusCode: 400 }), undefined);
    }
  });

  /** Who calls: refused (and counted against its address) unless its bearer is a valid credential. */
  async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<{ caller: Caller; credential: string } | FastifyReply> {
    try {
      await access.limits.checkFailures(request.ip);
    } catch (error) {
      if (error instanceof RelayProblem) return refuse(reply, error.statusCode, error.message, error.retryAfterSeconds);
      throw error;
    }
    const credential = bearerOf(request.headers);
    if (!credential) {
      return refuse(reply, 401, passThrough
        ? 'Send your own maker API key as "Authorization: Bearer <key>".'
        : 'Send your personal PartSpec token as "Authorization: Bearer <token>" (ask the server\'s administrator for one).');
    }
    try {
      return { caller: await access.authenticate({ [API_KEY_HEADER]: credential }), credential };
    } catch (error) {
      if (!(error instanceof RelayProblem)) throw error;
      if (error.statusCode === 403) await access.limits.recordFailure(request.ip);
      return refuse(reply, error.statusCode, error.statusCode === 403 && !passThrough ? TOKEN_REFUSED : error.message, error.retryAfterSeconds);
    }
  }

  scope.post('/mcp', { bodyLimit: MAX_BODY_BYTES, config: (access.rateLimit ? { rateLimit: access.rateLimit } : {}) as object }, async (request, reply) => {
    const misplaced = refusedPlace(request.headers, options.publicUrl());
    if (misplaced) return refuse(reply, 403, misplaced);
    const who = await callerOf(request, reply);
    if (!('caller' in who)) return who;
    const { caller, credential } = who;
    const asked = (request.query as Record<string, unknown>).lang;
    if (asked !== undefined && !isLang(asked)) return refuse(reply, 400, `lang must be one of ${LANGS.join(', ')}.`);
    const lang: Lang = isLang(asked) ? asked : 'en';

    const user = access.userOf(request);
    const calls = running.get(user) ?? 0;
    if (calls >= MAX_CALLS_PER_USER) {
      return refuse(reply, 429, `This user already has ${MAX_CALLS_PER_USER} calls running on this PartSpec server: wait for one to finish, then send the next.`, 1);
    }

    const id = createHash('sha256').update(credential).digest('hex');
    const parts = memories.get(id) ?? new PartMemory();
    const client = createClient({ baseUrl: options.upstream, apiKey: credential, lang, fetch: relayFetch(scope, request.ip), cache: false });
    const server = createPartSpecMcpServer({
      client,
      lang,
      secrets: [credential],
      parts,
      authFailure: passThrough ? KEY_REFUSED : TOKEN_REFUSED,
      describe: ownLimitSentence,
      log: (line) => request.log.error(line),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    running.set(user, calls + 1);
    reply.hijack();
    reply.raw.on('close', () => {
      const left = (running.get(user) ?? 1) - 1;
      if (left > 0) running.set(user, left);
      else running.delete(user);
      // Pass-through: a key shares nothing, its remembered parts included, until the service accepted it.
      if (!passThrough || (caller.keyHash !== undefined && access.accepted.has(caller.keyHash))) keep(id, parts);
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const stateless = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    reply.code(405).header('allow', 'POST').header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ jsonrpc: '2.0', error: { code: -32000, message: 'This server answers MCP over POST only (stateless Streamable HTTP).' }, id: null });
  scope.get('/mcp', stateless);
  scope.delete('/mcp', stateless);
};
