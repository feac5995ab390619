/*
 * The maker's compliance documents fetched for a pack: each address once, https only (http only
 * to this machine, where the emulator serves its samples), no credentials sent, redirects followed
 * only within the link's own origin, each bounded in size and the whole set in count, written
 * under safe names and hashed for the manifest. A link that breaks a rule is refused in a sentence
 * and the others are still fetched.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentKind, DocumentLink } from '../../core/compliance/pack';
import type { Lang } from '../../api/vocabulary';
import { DOCUMENT_WORDS, type DocumentRefusal } from './document-words';

export interface DocumentLimits {
  /** Largest document, in bytes. */
  maxBytes: number;
  /** Most documents fetched; links past it are refused. */
  maxCount: number;
  /** Most redirects followed within the link's origin. */
  maxRedirects: number;
  signal?: AbortSignal;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = { maxBytes: 20 * 1024 * 1024, maxCount: 500, maxRedirects: 3 };

/** One document as the manifest records it. */
export interface FetchedDocument {
  kind: DocumentKind;
  url: string;
  partnos: readonly string[];
  /** Relative to the pack's folder, when fetched. */
  file?: string;
  bytes?: number;
  sha256?: string;
  contentType?: string;
  /** Why it was not fetched. */
  refused?: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why `url` may not be fetched, or undefined. */
function findUrlRefusal(url: string): DocumentRefusal | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'notUrl' };
  }
  if (parsed.username || parsed.password) return { kind: 'credentials' };
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname)) return undefined;
  return parsed.protocol === 'http:' ? { kind: 'plainHttp' } : { kind: 'scheme', scheme: parsed.protocol };
}

/** Why `url` may not be fetched (in English), or undefined. */
export function refuseDocumentUrl(url: string): string | undefined {
  const why = findUrlRefusal(url);
  return why && DOCUMENT_WORDS.en.reason(why);
}

/** A file name made of the kind, the address's last segment (letters, digits, dot, dash) and a hash of the address, so two addresses never share one. */
function fileNameOf(kind: DocumentKind, url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  const base = last.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[.-]+/, '').slice(0, 60) || 'document';
  const tag = createHash('sha256').update(url).digest('hex').slice(0, 10);
  return `${kind}-${tag}-${base}`;
}

class Refusal extends Error {
  constructor(readonly why: DocumentRefusal) {
    super(DOCUMENT_WORDS.en.reason(why));
  }
}

/** The body of `url`, following redirects within its origin, bounded by `maxBytes`. */
async function download(url: string, limits: DocumentLimits): Promise<{ body: Buffer; contentType?: string }> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { redirect: 'manual', credentials: 'omit', signal: limits.signal });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Refusal({ kind: 'noLocation', status: response.status });
      const next = new URL(location, current);
      if (next.origin !== origin) throw new Refusal({ kind: 'otherSite', origin: next.origin });
      if (hop >= limits.maxRedirects) throw new Refusal({ kind: 'redirects', most: limits.maxRedirects });
      current = next.href;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Refusal({ kind: 'status', status: response.status });
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) {
      await response.body?.cancel();
      throw new Refusal({ kind: 'declaredTooLarge', bytes: declared, most: limits.maxBytes });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limits.maxBytes) {
        await reader.cancel();
        throw new Refusal({ kind: 'tooLarge', most: limits.maxBytes });
      }
      chunks.push(value);
    }
    return { body: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? undefined };
  }
}

/**
 * Fetches every link once into `folder` (which exists); resolves to the manifest's entries in the
 * links' order. `onRefused` hears the sentence of each link not fetched, in `lang` (the manifest's
 * reason stays English).
 */
export async function fetchDocuments(links: readonly DocumentLink[], folder: string, limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS, onRefused: (sentence: string) => void = () => undefined, lang: Lang = 'en'): Promise<FetchedDocument[]> {
  const out: FetchedDocument[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (seen.has(link.url)) continue;
    seen.add(link.url);
    const entry: FetchedDocument = { kind: link.kind, url: link.url, partnos: link.partnos };
    let refused = findUrlRefusal(link.url);
    if (refused === undefined && out.filter((d) => d.file !== undefined).length >= limits.maxCount) refused = { kind: 'full', count: limits.maxCount };
    if (refused === undefined) {
      try {
        const { body, contentType } = await download(link.url, limits);
        const file = fileNameOf(link.kind, link.url);
        await writeFile(join(folder, file), body, { flag: 'wx' });
        Object.assign(entry, { file: `documents/${file}`, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'), ...(contentType ? { contentType } : {}) });
      } catch (error) {
        if (limits.signal?.aborted) throw error;
        refused = error instanceof Refusal ? error.why : { kind: 'failed', detail: (error as Error).message };
      }
    }
    if (refused !== undefined) {
      entry.refused = DOCUMENT_WORDS.en.reason(refused);
      onRefused(DOCUMENT_WORDS[lang].notFetched(link.url, DOCUMENT_WORDS[lang].reason(refused)));
    }
    out.push(entry);
  }
  return out;
}
