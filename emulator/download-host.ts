import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';

export interface DownloadHostOptions {
  host: string;
  port: number;
  /** Like the API origin: no CORS at all (a storage host without it). */
  noCors: boolean;
}

/**
 * A second origin that serves the category files, as a maker's storage host does: the API's
 * download links point here. Each request is handed to the API emulator in-process (`inject`),
 * so the files, their signatures, the faults and the request log stay those of the emulator.
 */
export async function startDownloadHost(api: FastifyInstance, options: DownloadHostOptions): Promise<{ url: string; close(): Promise<void> }> {
  const files = Fastify({ logger: false, forceCloseConnections: true, routerOptions: { maxParamLength: 500 } });
  if (!options.noCors) await files.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 600, strictPreflight: false });
  files.get('/download/*', async (request, reply) => {
    const accept = request.headers['accept-encoding'];
    const answer = await api.inject({
      method: 'GET',
      url: request.raw.url ?? '/',
      headers: typeof accept === 'string' ? { 'accept-encoding': accept, host: request.headers.host ?? '' } : { host: request.headers.host ?? '' },
    });
    for (const name of ['content-type', 'content-encoding', 'content-disposition', 'retry-after']) {
      const value = answer.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  });
  files.setNotFoundHandler((request, reply) => {
    reply.code(403).type('application/json; charset=utf-8').send({ message: `No file at ${request.method} ${(request.raw.url ?? '').split('?')[0].slice(0, 200)}.` });
  });
  await files.listen({ port: options.port, host: options.host });
  const address = files.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  return { url: `http://${urlHost}:${port}`, close: () => files.close() };
}
