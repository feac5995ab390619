import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { DEMO_KEY, type CatalogProduct } from '../emulator';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body as JSON (gunzipped when the answer was compressed). */
  json(): unknown;
}

/** A GET (or other method) with exactly the headers given: no implicit key, no implicit decompression. */
export function send(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          json: () => JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET with the demo key. */
export function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return send(url, { headers: { 'x-api-key': DEMO_KEY, ...headers } });
}

/** The URL of a product search, every parameter percent-encoded as the spec asks. */
export function searchUrl(base: string, params: { filter?: string; orderby?: string; lang?: string } = {}): string {
  const parts: string[] = [];
  if (params.filter !== undefined) parts.push(`$filter=${encodeURIComponent(params.filter)}`);
  if (params.orderby !== undefined) parts.push(`$orderby=${encodeURIComponent(params.orderby)}`);
  if (params.lang !== undefined) parts.push(`lang=${encodeURIComponent(params.lang)}`);
  return `${base}/v2/products${parts.length ? `?${parts.join('&')}` : ''}`;
}

export interface SearchBody {
  HasMoreHits: boolean;
  Data: Record<string, { Products: Record<string, unknown>[]; [key: string]: unknown }>;
}

/** Runs a search with the demo key and expects 200. */
export async function search(base: string, params: { filter?: string; orderby?: string; lang?: string } = {}): Promise<SearchBody> {
  const res = await get(searchUrl(base, params));
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.body.toString()}`);
  return res.json() as SearchBody;
}

/** Runs a search and expects a status, returning the JSON message. */
export async function searchError(base: string, params: { filter?: string; orderby?: string; lang?: string }): Promise<{ status: number; message: string }> {
  const res = await get(searchUrl(base, params));
  const body = res.json() as { message?: unknown };
  return { status: res.status, message: String(body.message) };
}

/** Every product of a search result, groups in order. */
export function productsOf(body: SearchBody): Record<string, unknown>[] {
  return Object.values(body.Data).flatMap((g) => g.Products);
}

export const partnosOf = (body: SearchBody): string[] => productsOf(body).map((p) => p.Partno as string);

/** Partno of a catalog product. */
export const partno = (p: CatalogProduct): string => p.values.Partno as string;

/** Code-unit order, as the emulator sorts. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
