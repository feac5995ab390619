import {
  GROUPS,
  GROUP_OBJECT_NAMES,
  fieldsOfGroup,
  translateValue,
  type FieldDef,
  type Group,
  type Lang,
  type ListFieldName,
} from '../api';
import type { CatalogProduct } from './catalog';

/** Response nestings other than our default, so client tolerance can be tested (NOTES.md). */
export interface Quirks {
  /** Manufacturer and Lv1Category..Lv3Category on the group object instead of each product. */
  groupLevelFields?: boolean;
  /** Numeric Specs as strings ("1e-7") instead of JSON numbers. */
  numbersAsStrings?: boolean;
  /** Fields without a value sent as null instead of being left out. */
  nullFields?: boolean;
}

export interface RenderOptions {
  lang: Lang;
  /** Base of the media, detail and sample addresses: the address the client used. */
  baseUrl: string;
  quirks?: Quirks;
}

/** Category levels of each group in the three languages. */
const CATEGORY_NAMES: Readonly<Record<Group, readonly Readonly<Record<Lang, string>>[]>> = {
  SMD: [
    { en: 'Capacitors', ja: 'コンデンサ', zh: '电容器' },
    { en: 'Ceramic Capacitors', ja: 'セラミックコンデンサ', zh: '陶瓷电容器' },
    { en: 'Chip Multilayer Ceramic Capacitors', ja: 'チップ積層セラミックコンデンサ', zh: '片状多层陶瓷电容器' },
  ],
  Lead: [
    { en: 'Capacitors', ja: 'コンデンサ', zh: '电容器' },
    { en: 'Ceramic Capacitors', ja: 'セラミックコンデンサ', zh: '陶瓷电容器' },
    { en: 'Leaded Ceramic Capacitors', ja: 'リード付きセラミックコンデンサ', zh: '引线型陶瓷电容器' },
  ],
  Ind: [
    { en: 'Inductors', ja: 'インダクタ', zh: '电感器' },
    { en: 'Inductors', ja: 'インダクタ', zh: '电感器' },
    { en: 'Chip Inductors', ja: 'チップインダクタ', zh: '片状电感器' },
  ],
};

const MANUFACTURER = 'Maker';

const GROUPING_FIELDS = new Set(['Manufacturer', 'Lv1Category', 'Lv2Category', 'Lv3Category']);
const NESTED = ['ComplianceInfo', 'Specs', 'MediaFileUrls'] as const;

const FIELD_PLANS: Readonly<Record<Group, readonly FieldDef[]>> = Object.fromEntries(
  GROUPS.map((g) => [g, fieldsOfGroup(g).filter((f) => !GROUPING_FIELDS.has(f.name))]),
) as Record<Group, FieldDef[]>;

/** The grouping fields of a group in a language. */
function groupingFields(group: Group, lang: Lang): Record<string, string> {
  const [lv1, lv2, lv3] = CATEGORY_NAMES[group];
  return { Manufacturer: MANUFACTURER, Lv1Category: lv1[lang], Lv2Category: lv2[lang], Lv3Category: lv3[lang] };
}

/** Each address field's name as its file name (`DatasheetUrl` → `datasheet`), made once per field, not once per product sent. */
const KEBAB = new Map<string, string>();
function kebab(name: string): string {
  let out = KEBAB.get(name);
  if (out === undefined) {
    out = name.replace(/Url$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
    KEBAB.set(name, out);
  }
  return out;
}

/** Addresses are built, not stored: they live under the emulator's own base URL. */
function urlOf(field: FieldDef, p: CatalogProduct, baseUrl: string): string | undefined {
  const partno = p.values.Partno as string;
  const base = p.values.PartnoWithoutPackageCode as string;
  switch (field.name) {
    case 'ProductDetailUrl':
      return `${baseUrl}/media/products/${partno}`;
    case 'SampleRequestUrl':
      return `${baseUrl}/media/sample-cart?partno=${partno}`;
    case 'SvhcDocumentUrl':
      return `${baseUrl}/media/compliance/svhc-declaration.pdf`;
    case 'PartNumbering':
      return `${baseUrl}/media/part-numbering/${partno.slice(0, 3)}.pdf`;
    case 'SafetyCertificates':
      return p.values.Standard === undefined ? undefined : `${baseUrl}/media/${base}/safety-certificates.pdf`;
    default:
      return `${baseUrl}/media/${base}/${kebab(field.name)}.pdf`;
  }
}

function present(field: FieldDef, raw: unknown, lang: Lang, quirks: Quirks): unknown {
  if (field.values) {
    const list = field.values as ListFieldName;
    if (Array.isArray(raw)) {
      const translated = raw.map((v: string) => translateValue(list, v, 'en', lang));
      return field.commaSeparated ? translated.join(',') : translated;
    }
    return translateValue(list, String(raw), 'en', lang);
  }
  if (quirks.numbersAsStrings && field.level === 'Specs' && typeof raw === 'number') return String(raw);
  return raw;
}

/** What a product sends for a field other than the grouping ones: undefined leaves it out, null sends null. */
function fieldValue(field: FieldDef, p: CatalogProduct, options: RenderOptions, quirks: Quirks): unknown {
  const raw = field.url ? urlOf(field, p, options.baseUrl) : p.values[field.key];
  if (raw === undefined) return quirks.nullFields && field.level !== 'MediaFileUrls' ? null : undefined;
  return present(field, raw, options.lang, quirks);
}

/** One product as the API returns it, in a language. */
export function renderProduct(p: CatalogProduct, options: RenderOptions): Record<string, unknown> {
  const quirks = options.quirks ?? {};
  const out: Record<string, unknown> = quirks.groupLevelFields ? {} : groupingFields(p.group, options.lang);
  const nested: Record<string, Record<string, unknown>> = { ComplianceInfo: {}, Specs: {}, MediaFileUrls: {} };
  for (const field of FIELD_PLANS[p.group]) {
    const target = field.level === 'product' ? out : nested[field.level];
    if (!target) continue;
    const value = fieldValue(field, p, options, quirks);
    if (value !== undefined) target[field.name] = value;
  }
  for (const name of NESTED) out[name] = nested[name];
  return out;
}

/**
 * The values `renderProduct` places for `fields` (record keys such as `Specs.Capacitance`), in
 * their order, without building its objects: a category file's cells. Undefined where the
 * rendered product has no such value.
 */
export function renderedValues(p: CatalogProduct, fields: readonly FieldDef[], options: RenderOptions): unknown[] {
  const quirks = options.quirks ?? {};
  const grouping = quirks.groupLevelFields ? undefined : groupingFields(p.group, options.lang);
  return fields.map((field) => {
    if (GROUPING_FIELDS.has(field.name)) return field.level === 'product' ? grouping?.[field.name] : undefined;
    if (field.level !== 'product' && !(NESTED as readonly string[]).includes(field.level)) return undefined;
    return fieldValue(field, p, options, quirks);
  });
}

/** Stands for the base URL in a product's kept JSON: an address no catalog value holds (`.invalid` is reserved). */
const BASE_STAND_IN = 'http://base.emulator.invalid';
/**
 * Where a catalog product keeps its JSON text by language and quirks: a registered symbol, since
 * the catalog (and so each product) lives as long as the process and is shared by every emulator
 * started in it (and every test file of a jest worker). Catalog values never change in place; a
 * product given a new values object (as a test does to answer other values) is rendered afresh.
 */
const RENDERED = Symbol.for('partspec.emulator.renderedJson');
interface Kept {
  values: CatalogProduct['values'];
  texts: Map<string, string>;
  /** By the same key, the UTF-8 bytes sent last, with the base URL they were sent under. */
  bytes: Map<string, { baseUrl: string; bytes: Buffer }>;
  /** By the same key and a format's name, the product's line of a category file (keptLine). */
  lines: Map<string, string>;
}
type Holder = CatalogProduct & { [RENDERED]?: Kept };

function keptOf(p: CatalogProduct, options: RenderOptions): { kept: Kept; key: string } {
  const quirks = options.quirks ?? {};
  const key = `${options.lang}${quirks.groupLevelFields ? 'g' : ''}${quirks.numbersAsStrings ? 's' : ''}${quirks.nullFields ? 'n' : ''}`;
  const holder = p as Holder;
  let kept = holder[RENDERED];
  if (!kept || kept.values !== p.values) {
    kept = { values: p.values, texts: new Map(), bytes: new Map(), lines: new Map() };
    Object.defineProperty(holder, RENDERED, { value: kept, writable: true, configurable: true });
  }
  return { kept, key };
}

/**
 * `JSON.stringify(renderProduct(p, options))` with a stand-in for the base URL, rendered once per
 * language and quirks and kept on the product: whole categories are sent again and again (every
 * harvest, every category file), and building and writing each product's object was most of what
 * the emulator spent on them.
 */
function keptText(p: CatalogProduct, kept: Kept, key: string, options: RenderOptions): string {
  let text = kept.texts.get(key);
  if (text === undefined) {
    text = JSON.stringify(renderProduct(p, { ...options, baseUrl: BASE_STAND_IN }));
    kept.texts.set(key, text);
  }
  return text;
}

/**
 * A product's line of a category file in one format (`format` names it, e.g. its delimiter), made
 * by `make` under a stand-in base URL once per language and quirks and kept on the product, then
 * given the real base URL: every category file sends each product of a group again, and rendering
 * the product and writing its cells was most of what the emulator spent on a delimited file. Only
 * for a base URL that the format writes unchanged wherever the stand-in stood (the caller checks:
 * no character that would change how a cell holding it is quoted or escaped).
 */
export function keptLine(p: CatalogProduct, options: RenderOptions, format: string, make: (standIn: RenderOptions) => string): string {
  const { kept, key } = keptOf(p, options);
  const lineKey = `${key}:${format}`;
  let line = kept.lines.get(lineKey);
  if (line === undefined) {
    line = make({ ...options, baseUrl: BASE_STAND_IN });
    kept.lines.set(lineKey, line);
  }
  return line.replaceAll(BASE_STAND_IN, options.baseUrl);
}

/** The kept text under a base URL, written as JSON writes it inside a string (a Host header may hold a quote). */
const withBase = (text: string, baseUrl: string): string => text.replaceAll(BASE_STAND_IN, JSON.stringify(baseUrl).slice(1, -1));

/**
 * A product's JSON as UTF-8 bytes (`keptText` under the base URL), kept for the base URL they were last sent under: an emulator
 * answers under one address, so a whole category sent again is copied from these bytes instead of
 * being substituted, joined and encoded afresh (most of what the emulator spent on each answer).
 * Only the last base URL is kept, so emulators on other ports in one process do not add up.
 */
function productBytes(p: CatalogProduct, options: RenderOptions): Buffer {
  const { kept, key } = keptOf(p, options);
  const last = kept.bytes.get(key);
  if (last?.baseUrl === options.baseUrl) return last.bytes;
  const bytes = Buffer.from(withBase(keptText(p, kept, key, options), options.baseUrl));
  kept.bytes.set(key, { baseUrl: options.baseUrl, bytes });
  return bytes;
}

/**
 * A product search result as JSON in UTF-8, `{ HasMoreHits, Data: { <group object>: { Products } } }`
 * with the groups in fixed order, in pieces of `chunkSize` products (a whole category, tens of
 * thousands of products, never sits in memory as one string) copied from each product's kept
 * bytes (`productBytes`), so nothing is serialized or encoded again.
 */
export function* renderResultByteChunks(products: readonly CatalogProduct[], options: RenderOptions, chunkSize = 500, hasMoreHits = false): Generator<Buffer> {
  for (const piece of resultPieces(products, options, chunkSize, hasMoreHits)) {
    if (typeof piece === 'string') {
      yield Buffer.from(piece);
      continue;
    }
    const parts: Buffer[] = [];
    for (const p of piece.products) {
      if (parts.length > 0 || piece.index > 0) parts.push(COMMA);
      parts.push(productBytes(p, options));
    }
    yield Buffer.concat(parts);
  }
}

/** A whole search answer as one buffer of UTF-8 bytes (what the products route sends). */
export function renderResultBytes(products: readonly CatalogProduct[], options: RenderOptions, chunkSize = 500, hasMoreHits = false): Buffer {
  return Buffer.concat([...renderResultByteChunks(products, options, chunkSize, hasMoreHits)]);
}

const COMMA = Buffer.from(',');

/** The answer's frame as text, and its products as runs of at most `chunkSize` (`index`: where the run starts in its group). */
function* resultPieces(
  products: readonly CatalogProduct[],
  options: RenderOptions,
  chunkSize: number,
  hasMoreHits: boolean,
): Generator<string | { index: number; products: readonly CatalogProduct[] }> {
  yield `{"HasMoreHits":${hasMoreHits},"Data":{`;
  let firstGroup = true;
  for (const group of GROUPS) {
    const own = products.filter((p) => p.group === group);
    if (own.length === 0) continue;
    const head = options.quirks?.groupLevelFields ? JSON.stringify(groupingFields(group, options.lang)).slice(1, -1) + ',' : '';
    yield `${firstGroup ? '' : ','}${JSON.stringify(GROUP_OBJECT_NAMES[group])}:{${head}"Products":[`;
    firstGroup = false;
    for (let i = 0; i < own.length; i += chunkSize) yield { index: i, products: own.slice(i, i + chunkSize) };
    yield ']}';
  }
  yield '}}';
}
