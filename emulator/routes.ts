import { samplePdf } from './sample-document';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATEGORIES,
  DEFAULT_LANG,
  DOWNLOAD_CATEGORY_IDS,
  ENDPOINTS,
  MAX_PRODUCTS_PER_CALL,
  categoryOf,
  isCategoryId,
  isLang,
  parseFilter,
  parseOrderBy,
  type Filter,
  type Lang,
  type OrderByItem,
} from '../api';
import type { Catalog } from './catalog';
import { QUERY_ERROR, singleParam, type ParsedQuery } from './query-string';
import { runQuery } from './query';
import { realNumberCandidates } from './real-numbers';
import { renderDownloadFile, type DownloadFormat } from './download-formats';
import { renderResultBytes, type Quirks } from './render';
import { DOWNLOAD_PATH, type LinkSigner } from './signing';

export interface RouteContext {
  catalog: Catalog;
  signer: LinkSigner;
  now: () => number;
  quirks?: Quirks;
  /** The base URL the client used (from its Host header), for links in answers. */
  baseUrlOf(request: FastifyRequest): string;
  /** The second origin that serves the category files (`--download-host`), if any. */
  downloadBaseUrl?(): string | undefined;
  /** Format of the category files (`--download-format`). @default 'json' */
  downloadFormat?: DownloadFormat;
  /** Answer the maker's real part numbers with products decoded from them (`--no-real-numbers` turns it off). @default false */
  realNumbers?: boolean;
  /** Searches that pin a value also meet the maker's common parts of it (EmulatorOptions.commonParts). */
  commonParts?: boolean;
  /** Records how many products an answer carries, for the request log. */
  countProducts(request: FastifyRequest, count: number): void;
}

/** Thrown to answer with a status and a JSON `{ message }`. */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** `lang` as the spec says: ja, zh or en; anything else (or nothing) is en. */
function langOf(query: ParsedQuery): Lang {
  const value = query.lang;
  return typeof value === 'string' && isLang(value) ? value : DEFAULT_LANG;
}

function param(query: ParsedQuery, name: string): string | undefined {
  const { value, error } = singleParam(query, name);
  if (error) throw new HttpProblem(400, error);
  return value;
}

function checkQuery(query: ParsedQuery): void {
  const problem = query[QUERY_ERROR];
  if (problem) throw new HttpProblem(400, problem);
}

/** Parses `$filter` and `$orderby` with the shared parser; anything it refuses is a 400 naming token and position. */
function parseSearch(query: ParsedQuery, lang: Lang): { filter: Filter; orderBy: OrderByItem[] } {
  const filterText = param(query, '$filter') ?? '';
  const orderText = param(query, '$orderby') ?? '';
  try {
    const filter = parseFilter(filterText, { syntax: 'wire', lang });
    const orderBy = parseOrderBy(orderText, { syntax: 'wire', category: categoryOf(filter) });
    return { filter, orderBy };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new HttpProblem(400, message || 'The $filter or $orderby parameter cannot be parsed.');
  }
}

export function registerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.get('/healthz', async () => ({ status: 'ok', products: ctx.catalog.products.length }));

  app.get(ENDPOINTS.products, async (request, reply) => {
    const query = request.query as ParsedQuery;
    checkQuery(query);
    const lang = langOf(query);
    const { filter, orderBy } = parseSearch(query, lang);
    const extra = ctx.realNumbers ? realNumberCandidates(filter, ctx.catalog, { commonParts: ctx.commonParts ?? false }) : undefined;
    const result = runQuery(ctx.catalog, { filter, orderBy, lang, extra });
    ctx.countProducts(request, result.products.length);
    // Copied from each product's kept JSON bytes (render.ts), not serialized or encoded on every request.
    const body = renderResultBytes(result.products, { lang, baseUrl: ctx.baseUrlOf(request), quirks: ctx.quirks }, MAX_PRODUCTS_PER_CALL, result.hasMoreHits);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(ENDPOINTS.downloadUrl, async (request) => {
    const query = request.query as ParsedQuery;
    checkQuery(query);
    const lang = langOf(query);
    const category = param(query, 'category');
    const accepted = DOWNLOAD_CATEGORY_IDS.join(', ');
    if (category === undefined || category === '') {
      throw new HttpProblem(400, `The query parameter category is required: one of ${accepted}.`);
    }
    if (!isCategoryId(category) || !CATEGORIES[category].urlAcquisition) {
      const why = isCategoryId(category) ? 'is not accepted by URL acquisition' : 'is not a category ID';
      throw new HttpProblem(400, `category '${category}' ${why}; use one of ${accepted}.`);
    }
    return {
      Language: lang,
      Category: category,
      ProductDataDownloadUrl: `${ctx.downloadBaseUrl?.() ?? ctx.baseUrlOf(request)}${ctx.signer.sign(category, lang, ctx.now())}`,
    };
  });

  app.get(`${DOWNLOAD_PATH}/:category/:lang`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { category, lang } = request.params as { category: string; lang: string };
    const query = request.query as ParsedQuery;
    const expires = typeof query.expires === 'string' ? query.expires : undefined;
    const sig = typeof query.sig === 'string' ? query.sig : undefined;
    const problem = ctx.signer.check(category, lang, expires, sig, ctx.now());
    if (problem || !isCategoryId(category) || !isLang(lang)) {
      throw new HttpProblem(403, problem ?? 'This download link is not valid: request a new one.');
    }
    const group = CATEGORIES[category].groups[0];
    const products = ctx.catalog.byGroup[group];
    ctx.countProducts(request, products.length);
    const format = ctx.downloadFormat ?? 'json';
    const file = renderDownloadFile(format, products, group, { lang, baseUrl: ctx.baseUrlOf(request), quirks: ctx.quirks }, `${category}-${lang}`);
    reply.header('content-type', file.contentType);
    reply.header('content-disposition', `attachment; filename="${category}-${lang}.${file.extension}"`);
    reply.header('vary', 'accept-encoding');
    // Text formats travel compressed when the client accepts it; archives and workbooks as they are.
    if ((format === 'json' || format === 'csv' || format === 'tsv') && /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'gzip');
      return reply.send(file.body.pipe(createGzip()));
    }
    return reply.send(file.body);
  });

  // Addresses in MediaFileUrls, ProductDetailUrl and SampleRequestUrl answer with a placeholder:
  // a small sample PDF for a document, so a compliance pack's --documents runs offline.
  app.get('/media/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.endsWith('.pdf')) {
      reply.type('application/pdf');
      return samplePdf(path);
    }
    reply.type('text/plain; charset=utf-8');
    return 'Placeholder document of the PartSpec API emulator.\n';
  });
}
