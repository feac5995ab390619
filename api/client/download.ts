import { ApiError } from '../errors/api-error';
import type { ProductRecord } from '../product';
import { bytesOnce } from '../stream/byte-chunks';
import { readCategoryFileWhenNeeded as readCategoryFile } from '../stream/lazy-category-file';
import { DOWNLOAD_URL_VALIDITY_DAYS, type CategoryId } from '../vocabulary';

/** A ProductDataDownloadUrl with when it was issued and when it stops working. */
export interface DownloadLink {
  /** Language identifier the service returned. */
  language: string;
  category: string;
  url: string;
  /** ISO time the client received the link (the service does not say when it issued it). */
  issuedAt: string;
  /** issuedAt + 7 days, the spec's validity. */
  expiresAt: string;
}

/** The one sentence for a download link that is not a web address. */
export const NOT_A_WEB_LINK_SENTENCE =
  'The service sent a download link that is not a web address (http:// or https://); PartSpec neither prints nor follows it. Try again later, or tell the service\'s provider.';

/**
 * True for a link PartSpec may print or follow: an http(s) address, or a path on the service
 * itself (resolved the way a browser resolves it, so `java\tscript:` is caught too).
 */
export function isWebLink(link: string): boolean {
  try {
    const protocol = new URL(link, 'https://relative.invalid/').protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The link record from a URL-acquisition response, dated now. Throws ApiError for a link that is not http(s). */
export function toDownloadLink(body: unknown, now: number = Date.now()): DownloadLink | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const r = body as Record<string, unknown>;
  if (typeof r.ProductDataDownloadUrl !== 'string' || r.ProductDataDownloadUrl === '') return undefined;
  if (!isWebLink(r.ProductDataDownloadUrl)) {
    throw new ApiError(`the download link's scheme is not http or https`, NOT_A_WEB_LINK_SENTENCE);
  }
  return {
    language: String(r.Language ?? ''),
    category: String(r.Category ?? ''),
    url: r.ProductDataDownloadUrl,
    issuedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + DOWNLOAD_URL_VALIDITY_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  };
}

/**
 * Reads a whole downloaded category file already in memory (tests, files opened from disk): the
 * same streaming reader as a download, so every format it accepts is accepted here. Anything else
 * fails with a DownloadFormatError that names the first bytes.
 */
export async function parseDownloadedFile(bytes: Uint8Array, category?: CategoryId, contentType?: string): Promise<ProductRecord[]> {
  const products: ProductRecord[] = [];
  for await (const batch of readCategoryFile(bytesOnce(bytes), { category, contentType })) products.push(...batch);
  return products;
}
