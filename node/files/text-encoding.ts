import iconv from 'iconv-lite';

/*
 * How a text table (CSV, TSV, TXT) was stored, so an enriched copy is written back the same way:
 * the encoding and its byte-order mark, the line ends. BOM tools write UTF-8 with or without a
 * BOM, UTF-16 with a BOM (EasyEDA writes UTF-16LE) and sometimes without, older tools
 * Windows-1252 or, in Japan, Shift_JIS. Every decoding here is reversible byte for byte: a byte
 * that is not UTF-8 in a UTF-8 file is kept as a lone surrogate U+DC80–U+DCFF (as Python's
 * "surrogateescape" does), the five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
 * 0x9D) as the C1 controls of the same number, and Shift_JIS is taken only when its text encodes
 * back to the same bytes, so encoding the decoded text gives the file's own bytes back.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'shift_jis';

/** Names of the encodings in a user's words. */
export const ENCODING_NAMES: Record<TextEncodingName, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16LE', 'utf-16be': 'UTF-16BE', 'windows-1252': 'Windows-1252', shift_jis: 'Shift_JIS' };

export interface TextLayout {
  encoding: TextEncodingName;
  /** Whether the file starts with a byte-order mark. */
  bom: boolean;
  /** The line end of the first line ('\r\n' unless the file uses '\n' or '\r'): lines PartSpec adds get it. */
  newline: '\r\n' | '\n' | '\r';
}

export interface DecodedText {
  text: string;
  layout: TextLayout;
  /** True when the bytes are not UTF-8 and were read as Windows-1252. */
  fellBack: boolean;
  /** Bytes of a UTF-8 file that are not UTF-8 (kept as they are). */
  strayBytes: number;
}

/** Why a text table's bytes cannot be read as text that writes back the same bytes. */
export class TextEncodingError extends Error {
  override readonly name = 'TextEncodingError';
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean => prefix.every((b, i) => bytes[i] === b);

function newlineOf(text: string): TextLayout['newline'] {
  const m = /\r\n|\n|\r/.exec(text);
  return m ? (m[0] as TextLayout['newline']) : '\r\n';
}

/** Windows-1252, every byte to one character and back (the undefined five to C1 controls). */
const CP1252_CHARS: readonly string[] = Array.from({ length: 256 }, (_, b) => {
  const c = iconv.decode(Buffer.from([b]), 'windows-1252');
  return c === '\uFFFD' ? String.fromCharCode(b) : c;
});
const CP1252_BYTES = new Map(CP1252_CHARS.map((c, b) => [c, b]));

function decodeCp1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x4000) parts.push(Array.from(bytes.subarray(i, i + 0x4000), (b) => CP1252_CHARS[b]).join(''));
  return parts.join('');
}

function encodeCp1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) out[i] = CP1252_BYTES.get(text[i]) ?? 0x3f;
  return out;
}

const within = (b: number, lo: number, hi: number): boolean => b >= lo && b <= hi;

/** Length of the well-formed UTF-8 sequence at `i` (RFC 3629), or 0 when the byte there starts none. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return within(bytes[i + 1], 0x80, 0xbf) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const second = b === 0xe0 ? within(bytes[i + 1], 0xa0, 0xbf) : b === 0xed ? within(bytes[i + 1], 0x80, 0x9f) : within(bytes[i + 1], 0x80, 0xbf);
    return second && within(bytes[i + 2], 0x80, 0xbf) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const second = b === 0xf0 ? within(bytes[i + 1], 0x90, 0xbf) : b === 0xf4 ? within(bytes[i + 1], 0x80, 0x8f) : within(bytes[i + 1], 0x80, 0xbf);
    return second && within(bytes[i + 2], 0x80, 0xbf) && within(bytes[i + 3], 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

/** Decodes UTF-8, each byte that starts no well-formed sequence kept as U+DC80–U+DCFF. */
function decodeUtf8Escaped(bytes: Uint8Array): { text: string; stray: number; multibyte: number } {
  try {
    // Valid UTF-8, the common case, is decoded by the platform at once.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), stray: 0, multibyte: 0 };
  } catch {
    // Stray bytes: decoded below, byte by byte where needed.
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let stray = 0;
  let multibyte = 0;
  let run = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 0x80) {
      i++;
      continue;
    }
    const n = utf8SequenceAt(bytes, i);
    if (n > 0) {
      if (n > 1) multibyte++;
      i += n;
      continue;
    }
    parts.push(buffer.toString('utf8', run, i), String.fromCharCode(0xdc00 + bytes[i]));
    stray++;
    run = ++i;
  }
  parts.push(buffer.toString('utf8', run));
  return { text: parts.join(''), stray, multibyte };
}

/** A low surrogate U+DC80–U+DCFF not preceded by a high one: a kept stray byte. */
const STRAY = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g;
const HAS_STRAY = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

function encodeUtf8Escaped(text: string): Buffer {
  if (!HAS_STRAY.test(text)) return Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (const m of text.matchAll(STRAY)) {
    parts.push(Buffer.from(text.slice(from, m.index), 'utf8'), Buffer.from([m[0].charCodeAt(0) - 0xdc00]));
    from = m.index + 1;
  }
  parts.push(Buffer.from(text.slice(from), 'utf8'));
  return Buffer.concat(parts);
}

/**
 * UTF-16 without a byte-order mark, by where the zero bytes fall: text of BOM tables is mostly
 * ASCII (digits, delimiters, part numbers), whose high byte is zero in UTF-16 and never in UTF-8.
 */
function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 8192) & ~1;
  if (n < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros >= pairs * 0.3 && evenZeros <= pairs * 0.02) return 'utf-16le';
  if (evenZeros >= pairs * 0.3 && oddZeros <= pairs * 0.02) return 'utf-16be';
  return undefined;
}

/**
 * Shift_JIS as Japanese Windows tools write it (code page 932), when the bytes say so: they decode
 * without an invalid byte or a user-defined character and encode back to themselves (some
 * characters have two codes: such a file stays Windows-1252), and most of their two-byte
 * characters are kana or level-1 kanji (lead bytes 0x81–0x9F), where Windows-1252's accented
 * letters before an ASCII one would pair as rarer level-2 kanji (0xE0–0xEF).
 */
function decodeShiftJis(bytes: Uint8Array): string | undefined {
  let common = 0;
  let rare = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc)) {
      if (b <= 0x9f) common++;
      else rare++;
      i++;
    }
  }
  if (common < 2 || rare >= common) return undefined;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = iconv.decode(buffer, 'cp932');
  if (/[\uFFFD\uE000-\uF8FF]/.test(text) || !iconv.encode(text, 'cp932').equals(buffer)) return undefined;
  return text;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', skip: number): string {
  if ((bytes.length - skip) % 2 !== 0) throw new TextEncodingError(`is UTF-16 text with an odd number of bytes (its last character is cut)`);
  // The byte-order mark is skipped already: a U+FEFF after it is the file's own text, kept.
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset + skip, bytes.byteLength - skip), encoding, { stripBOM: false });
}

/**
 * Decodes a text table's bytes: a byte-order mark decides, else UTF-16 by its zero bytes, else
 * UTF-8 (with stray bytes kept when the file is mostly UTF-8), else Shift_JIS when the bytes
 * are plainly that, else Windows-1252. Throws a
 * TextEncodingError for UTF-16 with an odd number of bytes.
 */
export function decodeTextTable(bytes: Uint8Array): DecodedText {
  let encoding: TextEncodingName;
  let bom = true;
  let text: string;
  let fellBack = false;
  let strayBytes = 0;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    encoding = 'utf-8';
    ({ text, stray: strayBytes } = decodeUtf8Escaped(bytes.subarray(3)));
  } else if (startsWith(bytes, [0xff, 0xfe])) [encoding, text] = ['utf-16le', decodeUtf16(bytes, 'utf-16le', 2)];
  else if (startsWith(bytes, [0xfe, 0xff])) [encoding, text] = ['utf-16be', decodeUtf16(bytes, 'utf-16be', 2)];
  else {
    bom = false;
    const utf16 = sniffUtf16(bytes);
    if (utf16) [encoding, text] = [utf16, decodeUtf16(bytes, utf16, 0)];
    else {
      const utf8 = decodeUtf8Escaped(bytes);
      // UTF-8 with a few stray bytes (several UTF-8 characters to each) stays UTF-8, so its text
      // reads right; otherwise Windows-1252. Either way every byte is written back as it was.
      const shiftJis = utf8.stray === 0 || utf8.multibyte >= 4 * utf8.stray ? undefined : decodeShiftJis(bytes);
      if (shiftJis !== undefined) [encoding, text] = ['shift_jis', shiftJis];
      else if (utf8.stray === 0 || utf8.multibyte >= 4 * utf8.stray) [encoding, text, strayBytes] = ['utf-8', utf8.text, utf8.stray];
      else [encoding, text, fellBack] = ['windows-1252', decodeCp1252(bytes), true];
    }
  }
  return { text, layout: { encoding, bom, newline: newlineOf(text) }, fellBack, strayBytes };
}

/** Encodes text the way `layout` says, with its byte-order mark when the original had one. */
export function encodeTextTable(text: string, layout: TextLayout): Buffer {
  const body =
    layout.encoding === 'utf-8' ? encodeUtf8Escaped(text) : layout.encoding === 'windows-1252' ? encodeCp1252(text) : iconv.encode(text, layout.encoding === 'shift_jis' ? 'cp932' : layout.encoding);
  if (!layout.bom) return body;
  const mark = layout.encoding === 'utf-8' ? [0xef, 0xbb, 0xbf] : layout.encoding === 'utf-16le' ? [0xff, 0xfe] : layout.encoding === 'utf-16be' ? [0xfe, 0xff] : [];
  return Buffer.concat([Buffer.from(mark), body]);
}

/**
 * The first character of `text` a legacy encoding cannot hold (an enrichment writing one to such
 * a file must say so), or undefined when it holds them all.
 */
export function unencodable(text: string, encoding: TextEncodingName): string | undefined {
  if (encoding === 'windows-1252') return [...text].find((c) => !CP1252_BYTES.has(c));
  if (encoding !== 'shift_jis' || iconv.decode(iconv.encode(text, 'cp932'), 'cp932') === text) return undefined;
  return [...text].find((c) => iconv.decode(iconv.encode(c, 'cp932'), 'cp932') !== c);
}
