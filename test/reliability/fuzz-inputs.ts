/**
 * Generated query strings for the emulator's parser: grammar-aware mutations of valid searches
 * (tokens replaced, dropped, doubled, swapped; hostile values, odd numbers, wrong case, stray
 * parentheses), broken percent-encoding and repeated parameters, and plain random bytes. A seeded
 * generator makes any failure reproducible from its seed.
 */
import { FILTER_FIELDS } from '../../api';

export interface FuzzInput {
  kind: 'mutation' | 'encoding' | 'bytes';
  /** The query string, as sent (already percent-encoded where the generator chose to). */
  query: string;
}

/** mulberry32: small, fast and good enough to drive a fuzzer. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Valid wire searches to mutate. Each is narrow (one small group, a precise condition) so that the
 * mutants that stay valid cost the emulator little.
 */
export const SEEDS: readonly { filter: string; orderby?: string }[] = [
  { filter: "Category eq 'ceramicCapacitorsLead' and Partno eq 'MLR25R71H104KZ9A'" },
  { filter: "Category eq 'ceramicCapacitorsLead' and startswith(Partno,'MLS751') and Capacitance ge 0.0000000001", orderby: 'Capacitance desc,Partno asc' },
  { filter: "Category eq 'ceramicCapacitorsLead' and contains(Partno,'Z9') and RatedVoltage le 50 and Rohs eq true" },
  { filter: "Category eq 'inductors' and Partno eq 'MPM25PMT01R0MZ9K|MLG15HNT010NJZ9D' and Inductance gt 0.000000001", orderby: 'Inductance asc' },
  { filter: "Category eq 'inductors' and startswith(Partno,'MWF32PFT0100MZ9') and Status eq 'In Production'" },
  { filter: "Category eq 'ceramicCapacitorsLead' and Status eq 'NRND' and LeadSpace eq 0.005 and OuterDiameter lt 0.004", orderby: 'LeadSpace desc' },
  { filter: "Partno eq 'MCS18R71H104KZ9D'" },
  { filter: "Category eq 'ceramicCapacitorsSMD' and Partno eq 'MCS15R61A105KZ9D|MCA21R71E225KZ9L'", orderby: 'Partno desc' },
];

const FIELD_NAMES = FILTER_FIELDS.map((f) => f.name);
const OPERATORS = ['eq', 'ge', 'le', 'gt', 'lt', 'ne', 'EQ', 'Eq', '==', '=', '<', '>=', 'like', 'in', 'has', 'not', ''];
const JOINERS = ['and', 'or', 'AND', 'And', '&&', ',', ';', 'and not', ''];
const NUMBERS = [
  '0', '-0', '1e-7', '1E-07', '0.0000001', '.5', '5.', '1..2', '1e', '1e+', '1e999', '-1e999', 'NaN', 'Infinity', '0x10',
  '100n', '4.7uF', '9'.repeat(400), '1_000', '+-1', '١٢٣', '1,5', '007', '1e-400', '-.0e-0',
];
const STRINGS = [
  '', 'NRND', 'In Production', '生産中', '目前生产', "O''Brien", "'", "''", '|', 'A|', '|A', 'A||B', '%', '%25', '#', '&', '=', '+',
  '\u0000', '\u0007', '\u202e', '\ud800', '😀', '=HYPERLINK("x")', '<script>alert(1)</script>', '\\', '"', 'x'.repeat(300),
  'ceramicCapacitorsLead', 'inductors', 'resistors', 'Z9', 'MLR25R71H104KZ9A',
];
const FUNCTIONS = ['startswith', 'contains', 'endswith', 'substringof', 'STARTSWITH', 'Startswith', 'length'];
const PUNCTUATION = ['(', ')', ',', "'", '(', '((', '))', ' ', '\t', '\n', '$', '@', '[', ']', '{', '}', '/', '*'];
const ORDERBYS = ['Partno', 'Partno asc', 'Partno desc', 'Capacitance desc,Partno asc', 'Inductance', 'Foo desc', 'Partno up', ',', 'Partno,Partno', 'Partno asc desc', ''];
const LANGS = ['en', 'ja', 'zh', 'EN', 'fr', '', 'en,ja', 'e%6E', '%ZZ'];

const TOKEN = /'(?:[^']|'')*'?|[A-Za-z_][A-Za-z0-9_.]*|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|\s+|./gu;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** One random token of the filter grammar (or near it). */
function randomToken(random: () => number): string {
  switch (Math.floor(random() * 7)) {
    case 0:
      return pick(random, FIELD_NAMES);
    case 1:
      return pick(random, OPERATORS);
    case 2:
      return pick(random, NUMBERS);
    case 3:
      return random() < 0.8 ? quote(pick(random, STRINGS)) : pick(random, STRINGS);
    case 4:
      return pick(random, FUNCTIONS);
    case 5:
      return pick(random, JOINERS);
    default:
      return pick(random, PUNCTUATION);
  }
}

/** A grammar-aware change to a tokenized filter. */
function mutateTokens(random: () => number, tokens: string[]): void {
  const words = tokens.map((t, i) => (/^\s+$/.test(t) ? -1 : i)).filter((i) => i >= 0);
  if (words.length === 0) {
    tokens.push(randomToken(random));
    return;
  }
  const at = pick(random, words);
  const token = tokens[at];
  switch (Math.floor(random() * 12)) {
    case 0:
      tokens.splice(at, 1);
      break;
    case 1:
      tokens.splice(at, 0, token, ' ');
      break;
    case 2: {
      const other = pick(random, words);
      [tokens[at], tokens[other]] = [tokens[other], tokens[at]];
      break;
    }
    case 3:
      tokens.splice(at, 0, randomToken(random), ' ');
      break;
    case 4:
      tokens[at] = randomToken(random);
      break;
    case 5:
      if (/^[A-Za-z]/.test(token)) tokens[at] = FIELD_NAMES.includes(token) ? pick(random, FIELD_NAMES) : pick(random, OPERATORS);
      else tokens[at] = pick(random, NUMBERS);
      break;
    case 6:
      tokens[at] = token.startsWith("'") ? quote(pick(random, STRINGS)) : pick(random, NUMBERS);
      break;
    case 7:
      tokens[at] = random() < 0.5 ? token.toLowerCase() : token.toUpperCase();
      break;
    case 8:
      tokens[at] = token.slice(0, Math.floor(random() * token.length));
      break;
    case 9:
      tokens.splice(at, 0, '(');
      tokens.push(')');
      break;
    case 10:
      tokens.push(' ', pick(random, JOINERS), ' ', pick(random, SEEDS).filter);
      break;
    default:
      tokens[at] = token.replace(/'/g, random() < 0.5 ? '' : "'''");
  }
}

/** encodeURIComponent, except that a lone surrogate travels as the (invalid) UTF-8 bytes a careless encoder would send. */
function encodeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += ch.length === 1 && code >= 0xd800 && code <= 0xdfff ? encodeBytes([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]) : encodeURIComponent(ch);
  }
  return out;
}

function encode(random: () => number, text: string): string {
  // Mostly well encoded; sometimes spaces as '+', or quotes and parentheses left bare, as hand-made URLs do.
  const encoded = encodeText(text);
  const r = random();
  if (r < 0.15) return encoded.replace(/%20/g, '+');
  if (r < 0.25) return encoded.replace(/%27/g, "'").replace(/%28/g, '(').replace(/%29/g, ')');
  return encoded;
}

/** Percent-encodes every byte, so any byte sequence (invalid UTF-8 included) can travel in a URL. */
function encodeBytes(bytes: readonly number[]): string {
  return bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function mutation(random: () => number): FuzzInput {
  const seed = pick(random, SEEDS);
  const tokens = seed.filter.match(TOKEN) ?? [];
  const rounds = 1 + Math.floor(random() * 4);
  for (let i = 0; i < rounds; i++) mutateTokens(random, tokens);
  const params = [`$filter=${encode(random, tokens.join(''))}`];
  if (seed.orderby || random() < 0.3) {
    const order = random() < 0.6 && seed.orderby ? seed.orderby : pick(random, ORDERBYS);
    params.push(`$orderby=${encode(random, order)}`);
  }
  if (random() < 0.5) params.push(`lang=${pick(random, LANGS)}`);
  return { kind: 'mutation', query: params.join('&') };
}

function encodingProblem(random: () => number): FuzzInput {
  const seed = pick(random, SEEDS);
  const good = encodeURIComponent(seed.filter);
  const cut = Math.floor(random() * good.length);
  const variants = [
    () => `$filter=${good.slice(0, cut)}%${good.slice(cut)}`,
    () => `$filter=${good.slice(0, cut)}%ZZ${good.slice(cut)}`,
    () => `$filter=${good.slice(0, cut)}%E3%81${good.slice(cut)}`,
    () => `$filter=${good.slice(0, cut)}%C0%AF${good.slice(cut)}`,
    () => `$filter=${good.slice(0, cut)}%ED%A0%80${good.slice(cut)}`,
    () => `$filter=${good}&$filter=${good}`,
    () => `$orderby=Partno&$orderby=Partno&$filter=${good}`,
    () => `$filter=${good.slice(0, cut)}%00${good.slice(cut)}`,
    () => `$filter=${good}&${encodeBytes([0xff, 0xfe])}=x`,
    () => `$filter=${good}&$top=5&$skip=-1&$select=Partno`,
    () => `$filter=${good.slice(0, cut)}&${good.slice(cut)}`,
    () => `$filter&$orderby&lang`,
    () => `=${good}`,
    () => `$FILTER=${good}`,
    () => `$filter=${good.slice(0, cut)}${encodeText(pick(random, STRINGS))}${good.slice(cut)}`,
  ];
  return { kind: 'encoding', query: pick(random, variants)() };
}

function randomBytes(random: () => number): FuzzInput {
  const length = Math.floor(random() * 160);
  const bytes = Array.from({ length }, () => (random() < 0.7 ? 0x20 + Math.floor(random() * 95) : Math.floor(random() * 256)));
  const target = pick(random, ['$filter', '$orderby', '$filter', 'lang']);
  return { kind: 'bytes', query: `${target}=${encodeBytes(bytes)}` };
}

/**
 * `count` inputs: about 60 % grammar-aware mutations, 15 % encoding problems, 25 % random bytes;
 * `accept` may turn an input down (too long for the URL budget, or enough valid ones already).
 */
export function generateFuzzInputs(seed: number, count: number, accept: (input: FuzzInput) => boolean): FuzzInput[] {
  const random = createRandom(seed);
  const out: FuzzInput[] = [];
  while (out.length < count) {
    const r = random();
    const input = r < 0.6 ? mutation(random) : r < 0.75 ? encodingProblem(random) : randomBytes(random);
    if (accept(input)) out.push(input);
  }
  return out;
}
