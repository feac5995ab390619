/** `--no-cors` and `--download-host`: the emulator plays a gateway (and a storage host) with CORS off. */
import { DEMO_KEY, startEmulator, type RunningEmulator } from '../../emulator';
import { parseCliArgs } from '../../emulator/cli-args';

const accessHeaders = (response: Response): string[] => [...response.headers.keys()].filter((h) => h.startsWith('access-control-'));

const preflight = (url: string): Promise<Response> =>
  fetch(url, { method: 'OPTIONS', headers: { origin: 'https://excel.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } });

let plain: RunningEmulator;
let gateway: RunningEmulator;

beforeAll(async () => {
  plain = await startEmulator({ port: 0, downloadHost: { port: 0 } });
  gateway = await startEmulator({ port: 0, noCors: true, downloadHost: { port: 0 } });
});

afterAll(async () => {
  await plain?.close();
  await gateway?.close();
});

test('without CORS: preflights are answered 403 and no answer carries an Access-Control-* header', async () => {
  const pre = await preflight(`${gateway.url}/v2/products`);
  expect(pre.status).toBe(403);
  expect(accessHeaders(pre)).toEqual([]);
  const answer = await fetch(`${gateway.url}/v2/products?$filter=Partno%20eq%20'X'`, { headers: { origin: 'https://excel.example', 'x-api-key': DEMO_KEY } });
  expect(answer.status).toBe(200);
  expect(accessHeaders(answer)).toEqual([]);

  const withCors = await preflight(`${plain.url}/v2/products`);
  expect(withCors.status).toBeLessThan(300);
  expect(withCors.headers.get('access-control-allow-origin')).toBe('*');
});

test('--download-host: the link points at a second origin that serves the file, with the same CORS behaviour', async () => {
  for (const emulator of [plain, gateway]) {
    const answer = await fetch(`${emulator.url}/v2/products/getproductdatadownloadurl?category=ceramicCapacitorsLead`, { headers: { 'x-api-key': DEMO_KEY } });
    const link = ((await answer.json()) as { ProductDataDownloadUrl: string }).ProductDataDownloadUrl;
    expect(emulator.downloadUrl).toBeDefined();
    expect(link.startsWith(`${emulator.downloadUrl}/download/ceramicCapacitorsLead/en?`)).toBe(true);
    expect(new URL(link).origin).not.toBe(new URL(emulator.url).origin);
    const file = await fetch(link, { headers: { origin: 'https://excel.example' } });
    expect(file.status).toBe(200);
    const body = (await file.json()) as { Data: Record<string, { Products: unknown[] }> };
    expect(body.Data.CeramicCapacitorsLead.Products.length).toBe(emulator.catalog.byGroup.Lead.length);
    const pre = await preflight(link);
    if (emulator === gateway) {
      expect(accessHeaders(file)).toEqual([]);
      expect(pre.status).toBe(403);
      expect(accessHeaders(pre)).toEqual([]);
    } else {
      expect(file.headers.get('access-control-allow-origin')).toBe('*');
    }
    // Change the signature's first character to one it is not.
    const tampered = await fetch(link.replace(/sig=(.)/, (_all, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`));
    expect(tampered.status).toBe(403);
  }
});

test('the command line takes --no-cors and --download-host PORT', () => {
  expect(parseCliArgs(['--no-cors', '--download-host', '0'])).toEqual({ help: false, options: { noCors: true, downloadHost: { port: 0 } } });
  expect(() => parseCliArgs(['--download-host', 'x'])).toThrow(/--download-host needs a whole number/);
});
