/** The no-cors probe that tells "refused by CORS" from "nothing answers", against real sockets. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { diagnoseFetchFailure, reachabilityMessage } from '../../../api/client/reachability';

let server: Server;
let url: string;
const probes: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    probes.push(`${request.method} ${request.url}`);
    response.writeHead(403).end('{"message":"Forbidden"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const typeError = new TypeError('Failed to fetch');

test('an address that answers, called from a page of another origin: CORS', async () => {
  expect(await diagnoseFetchFailure(fetch, `${url}/v2/products?lang=en`, typeError, { pageOrigin: 'https://partspec.example.com' })).toBe('cors');
  expect(probes.at(-1)).toBe('HEAD /v2/products?lang=en');
});

test('an address where nothing listens: unreachable, from a page or not', async () => {
  const closed = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
  expect(await diagnoseFetchFailure(fetch, `http://127.0.0.1:${closed}/v2/products`, typeError, { pageOrigin: 'https://partspec.example.com' })).toBe('unreachable');
  expect(await diagnoseFetchFailure(fetch, `http://127.0.0.1:${closed}/v2/products`, typeError)).toBe('unreachable');
});

test('no diagnosis where CORS cannot be the cause: same origin, outside a page, or not a fetch TypeError', async () => {
  const before = probes.length;
  expect(await diagnoseFetchFailure(fetch, `${url}/v2/products`, typeError, { pageOrigin: url })).toBeUndefined();
  expect(await diagnoseFetchFailure(fetch, `${url}/v2/products`, typeError)).toBeUndefined();
  expect(await diagnoseFetchFailure(fetch, `${url}/v2/products`, new Error('the response body is not complete JSON'))).toBeUndefined();
  expect(probes.length).toBe(before + 2);
});

test('the sentences name the address and say what to do', () => {
  expect(reachabilityMessage('cors', 'https://api.example.com')).toBe(
    'The service at https://api.example.com answered, but does not allow calls from Excel add-ins (CORS). Use a PartSpec server (README: Deploying for a team).',
  );
  expect(reachabilityMessage('unreachable', 'https://api.example.com')).toBe(
    'https://api.example.com cannot be reached. Check the network connection and the service address in Settings.',
  );
});
