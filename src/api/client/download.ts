import Papa from 'papaparse';
import { DownloadFormatError } from '../errors/download-format-error';
import type { FieldValue, ProductRecord } from '../product';
import {
  CATEGORIES,
  DOWNLOAD_URL_VALIDITY_DAYS,
  GROUPS,
  GROUP_OBJECT_NAMES,
  VALUE_FIELDS,
  getField,
  groupOfObjectName,
  type CategoryId,
  type FieldDef,
  type Group,
} from '../vocabulary';
import { looksLikeProductsResponse, normalizeProductsResponse, normalizeValue } from './normalize';

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

/** The link record from a URL-acquisition response, dated now. */
export function toDownloadLink(body: unknown, now: number = Date.now()): DownloadLink | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const r = body as Record<string, unknown>;
  if (typeof r.ProductDataDownloadUrl !== 'string' || r.ProductDataDownloadUrl === '') return undefined;
  return {
    language: String(r.Language ?? ''),
    category: String(r.Category ?? ''),
    url: r.ProductDataDownloadUrl,
    issuedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + DOWNLOAD_URL_VALIDITY_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  };
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** Decompresses gzip data (when fetch did not), with the platform's DecompressionStream. */
export async function gunzipIfNeeded(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.length < 2 || bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return bytes;
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const BY_NAME = new Map<string, FieldDef>();
for (const f of VALUE_FIELDS) if (!BY_NAME.has(f.name)) BY_NAME.set(f.name, f);

/** The field a CSV header names: a record key (`Specs.Capacitance`) or a bare name (`Capacitance`). */
function fieldOfHeader(header: string): FieldDef | undefined {
  const h = header.trim();
  const byKey = getField(h);
  if (byKey && VALUE_FIELDS.includes(byKey)) return byKey;
  return BY_NAME.get(h.split('.').pop() ?? h);
}

const GROUP_HEADERS = ['group', 'category', 'productgroup'];

function groupOfCell(text: string | undefined): Group | undefined {
  if (!text) return undefined;
  const t = text.trim();
  return (
    (GROUPS as readonly string[]).includes(t) ? (t as Group) : groupOfObjectName(t) ?? (t in CATEGORIES ? CATEGORIES[t as CategoryId].groups[0] : undefined)
  );
}

/** Reads a CSV cell for a list field: a JSON array, or values separated by `|` or `;`. */
function cellValue(field: FieldDef, cell: string): unknown {
  if (cell === '') return undefined;
  if (field.type === 'List[String]') {
    const t = cell.trim();
    if (t.startsWith('[')) {
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return t;
      }
    }
    return t.split(/[|;]/).map((s) => s.trim());
  }
  return cell;
}

/** Records from CSV text whose header row names fields. */
export function parseProductCsv(text: string, fallbackGroup: Group | undefined, sample: string): ProductRecord[] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header || header.length < 2) throw new DownloadFormatError('it is not CSV with a header row', sample);
  const fields = header.map(fieldOfHeader);
  const groupColumn = header.findIndex((h) => GROUP_HEADERS.includes(h.trim().toLowerCase()));
  if (!fields.some((f) => f?.key === 'Partno')) {
    throw new DownloadFormatError('the CSV header has no Partno column', sample);
  }
  const records: ProductRecord[] = [];
  for (const row of rows) {
    const group = groupOfCell(groupColumn >= 0 ? row[groupColumn] : undefined) ?? fallbackGroup ?? inferGroup(header, row, fields);
    const values: Record<string, FieldValue> = {};
    fields.forEach((field, i) => {
      if (!field || !field.groups.includes(group) || row[i] === undefined) return;
      const value = normalizeValue(field, cellValue(field, row[i]));
      if (value !== undefined) values[field.key] = value;
    });
    if (typeof values.Partno === 'string' && values.Partno !== '') records.push({ group, partno: values.Partno, values });
  }
  return records;
}

/** The group whose fields the row's filled cells fit best (used when nothing else names it). */
function inferGroup(_header: string[], row: string[], fields: (FieldDef | undefined)[]): Group {
  let best: Group = GROUPS[0];
  let bestScore = -1;
  for (const g of GROUPS) {
    const score = fields.reduce((n, f, i) => n + (f && row[i] !== '' && f.groups.length < GROUPS.length && f.groups.includes(g) ? 1 : 0), 0);
    if (score > bestScore) {
      best = g;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Reads a downloaded category file: JSON in the /v2/products shape (or a bare list of products
 * of one group) or CSV whose header names fields (dotted or bare). Anything else fails with a
 * DownloadFormatError that says what the file looked like.
 */
export async function parseDownloadedFile(bytes: Uint8Array, category?: CategoryId): Promise<ProductRecord[]> {
  const plain = await gunzipIfNeeded(bytes);
  const text = new TextDecoder().decode(plain).replace(/^\uFEFF/, '');
  const sample = text.trimStart().slice(0, 80);
  const fallbackGroup = category && CATEGORIES[category].groups.length === 1 ? CATEGORIES[category].groups[0] : undefined;
  const first = sample[0];
  if (first === '{' || first === '[') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new DownloadFormatError('it starts like JSON but is not complete JSON', sample);
    }
    if (Array.isArray(body)) {
      if (!fallbackGroup) throw new DownloadFormatError('it is a bare JSON list and no single-group category was given', sample);
      return normalizeProductsResponse({ Data: { [GROUP_OBJECT_NAMES[fallbackGroup]]: { Products: body } } }).products;
    }
    if (!looksLikeProductsResponse(body)) throw new DownloadFormatError('it is JSON without Data or a product group', sample);
    return normalizeProductsResponse(body).products;
  }
  const firstLine = sample.split(/\r?\n/, 1)[0] ?? '';
  if (/[,;\t]/.test(firstLine) && !/^\s*</.test(firstLine)) return parseProductCsv(text, fallbackGroup, sample);
  throw new DownloadFormatError('it is neither JSON nor CSV', sample);
}
