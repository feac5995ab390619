import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/** Connection pools to the upstream, one pair per server (closed with it). */
export interface UpstreamAgents {
  'http:': http.Agent;
  'https:': https.Agent;
  destroy(): void;
}

/** Connections to the upstream are kept open and reused: one TLS handshake serves many requests. */
export function createUpstreamAgents(): UpstreamAgents {
  const plain = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const secure = new https.Agent({ keepAlive: true, maxSockets: 32 });
  return {
    'http:': plain,
    'https:': secure,
    destroy() {
      plain.destroy();
      secure.destroy();
    },
  };
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

/** No answer arrived from the upstream: refused, dropped, or too slow. */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  constructor(
    readonly reason: 'network' | 'timeout',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * One GET to the upstream with exactly the headers given (the relay builds them; nothing a
 * client sent is copied), answering when the status and headers arrive. The body is a stream the
 * caller reads or pipes; the timeout covers the whole exchange, body included. Without `agents`
 * a pool shared by the process is used.
 */
let sharedAgents: UpstreamAgents | undefined;

export function getUpstream(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
  agents: UpstreamAgents = (sharedAgents ??= createUpstreamAgents()),
): Promise<UpstreamResponse> {
  const agent = url.protocol === 'http:' || url.protocol === 'https:' ? agents[url.protocol] : undefined;
  if (!agent) return Promise.reject(new UpstreamFailure('network', `unsupported protocol ${url.protocol}`));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method: 'GET', headers, agent, signal });
    const timer = setTimeout(() => request.destroy(new UpstreamFailure('timeout', `no complete answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('response', (response) => {
      response.on('close', () => clearTimeout(timer));
      resolve({ status: response.statusCode ?? 502, headers: response.headers, body: response });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof UpstreamFailure ? error : new UpstreamFailure('network', (error as NodeJS.ErrnoException).code ?? error.message));
    });
    request.end();
  });
}

/** Reads a body into memory, refusing one larger than `maxBytes`. */
export async function readUpstreamBody(body: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new UpstreamFailure('network', `the answer is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    throw new UpstreamFailure('network', `the answer was cut off (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (!body.complete) throw new UpstreamFailure('network', 'the answer was cut off');
  return Buffer.concat(chunks);
}
