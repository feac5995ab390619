import { createHash } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createClient, isLang, LANGS, type Lang } from '../../api';
import type { SharedState } from '../state/types';
import { PartMemory } from '../../mcp/resources';
import { createPartSpecMcpServer } from '../../mcp/server';
import { relayFetch } from './relay-fetch';

/*
 * `/mcp`: the assistants' server (mcp/) over Streamable HTTP, stateless (one server per POST), for
 * the team's assistants. A caller sends its personal token as `Authorization: Bearer …`; every API
 * call a tool makes goes through this server's relay with that token (relay-fetch.ts), so the
 * maker's key stays here and the assistants share the add-in users' cache and budget. No BOM file
 * on the server is ever read: check_bom is offered only by `partspec mcp --root` on the user's machine.
 */

export interface McpPluginOptions {
  state: SharedState;
  /** The maker's API base: the client packs its URLs to the length the upstream will receive. */
  upstream: string;
  /** Pass-through mode: the bearer is the caller's own maker key, checked by the upstream. @default false */
  passThrough?: boolean;
}

/** A JSON-RPC message is small: the largest is a lookup of 1,000 part numbers. */
const MAX_BODY_BYTES = 256 * 1024;
/** Callers whose looked-up parts are remembered for the part resources (the least recent are forgotten). */
const MAX_CALLERS = 500;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token === '' || token.length > 512 ? undefined : token;
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="partspec"');
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ jsonrpc: '2.0', error: { code: -32001, message }, id: null });
}

export const mcpPlugin: FastifyPluginAsync<McpPluginOptions> = async (scope: FastifyInstance, options) => {
  const fetch = relayFetch(scope);
  const memories = new Map<string, PartMemory>();
  const memoryOf = (token: string): PartMemory => {
    const id = createHash('sha256').update(token).digest('hex');
    const memory = memories.get(id) ?? new PartMemory();
    memories.delete(id);
    memories.set(id, memory);
    if (memories.size > MAX_CALLERS) memories.delete(memories.keys().next().value as string);
    return memory;
  };

  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not JSON.'), { statusCode: 400 }), undefined);
    }
  });

  scope.post('/mcp', { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
    const token = bearerOf(request);
    if (!token) return refuse(reply, 401, 'Send your personal PartSpec token as "Authorization: Bearer <token>" (ask the server\'s administrator for one).');
    if (!options.passThrough && !(await options.state.tokens?.verify(token))) {
      return refuse(reply, 403, "This token is not valid or was revoked: ask the PartSpec server's administrator for a new one.");
    }
    const asked = (request.query as Record<string, unknown>).lang;
    if (asked !== undefined && !isLang(asked)) return refuse(reply, 400, `lang must be one of ${LANGS.join(', ')}.`);
    const lang: Lang = isLang(asked) ? asked : 'en';
    const client = createClient({ baseUrl: options.upstream, apiKey: token, lang, fetch, cache: false });
    const server = createPartSpecMcpServer({
      client,
      lang,
      secrets: [token],
      parts: memoryOf(token),
      authFailure: "This token is not valid or was revoked: ask the PartSpec server's administrator for a new one.",
      log: (line) => request.log.error(line),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
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
