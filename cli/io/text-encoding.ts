import iconv from 'iconv-lite';

/*
 * How a text table (CSV, TSV, TXT) was stored, so an enriched copy is written back the same way:
 * the encoding and its byte-order mark, the line ends. BOM tools write UTF-8 with or without a
 * BOM, UTF-16 with a BOM (EasyEDA writes UTF-16LE), and older tools Windows-1252.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface TextLayout {
  encoding: TextEncodingName;
  /** Whether the file starts with a byte-order mark. */
  bom: boolean;
  /** The line end of the first line ('\r\n' unless the file uses '\n' or '\r'). */
  newline: '\r\n' | '\n' | '\r';
}

export interface DecodedText {
  text: string;
  layout: TextLayout;
  /** True when the bytes are not valid UTF-8 and were read as Windows-1252. */
  fellBack: boolean;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean => prefix.every((b, i) => bytes[i] === b);

function newlineOf(text: string): TextLayout['newline'] {
  const m = /\r\n|\n|\r/.exec(text);
  return m ? (m[0] as TextLayout['newline']) : '\r\n';
}

/** Decodes a text table's bytes: a BOM decides, else strict UTF-8, else Windows-1252. */
export function decodeTextTable(bytes: Uint8Array): DecodedText {
  const decode = (encoding: TextEncodingName, skip: number): string => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset + skip, bytes.byteLength - skip), encoding);
  let encoding: TextEncodingName;
  let bom = true;
  let text: string;
  let fellBack = false;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) [encoding, text] = ['utf-8', decode('utf-8', 3)];
  else if (startsWith(bytes, [0xff, 0xfe])) [encoding, text] = ['utf-16le', decode('utf-16le', 2)];
  else if (startsWith(bytes, [0xfe, 0xff])) [encoding, text] = ['utf-16be', decode('utf-16be', 2)];
  else {
    bom = false;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      encoding = 'utf-8';
    } catch {
      text = decode('windows-1252', 0);
      encoding = 'windows-1252';
      fellBack = true;
    }
  }
  return { text, layout: { encoding, bom, newline: newlineOf(text) }, fellBack };
}

/** Encodes text the way `layout` says, with its byte-order mark when the original had one. */
export function encodeTextTable(text: string, layout: TextLayout): Buffer {
  const body = iconv.encode(text, layout.encoding);
  if (!layout.bom) return body;
  const mark = layout.encoding === 'utf-8' ? [0xef, 0xbb, 0xbf] : layout.encoding === 'utf-16le' ? [0xff, 0xfe] : layout.encoding === 'utf-16be' ? [0xfe, 0xff] : [];
  return Buffer.concat([Buffer.from(mark), body]);
}

/** Characters Windows-1252 cannot hold: an enrichment writing one of them to such a file must say so. */
export function unencodable(text: string, encoding: TextEncodingName): boolean {
  return encoding === 'windows-1252' && iconv.decode(iconv.encode(text, encoding), encoding) !== text;
}
