import { collectText, unescapeExcelText } from './excel-text';

/*
 * The small part of SpreadsheetML an xlsx reader needs, read incrementally: complete elements
 * (`<si>…</si>`, `<row>…</row>`) are cut from a text buffer as their closing tag arrives, so the
 * buffer never holds more than one element and a chunk.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A character reference as a string; one outside Unicode (hostile input) is dropped. */
function characterOf(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** XML character data with its entity and character references resolved. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? characterOf(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e],
  );
}

/** XML text with its entities and Excel's `_xHHHH_` escapes resolved. */
export function unescapeXml(text: string): string {
  return unescapeExcelText(decodeEntities(text));
}

// A start tag, an end tag or an empty tag (attribute values may hold `>`), or character data.
const TOKEN = /<(\/?)([^\s/>!?]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>|<[!?][^>]*>|([^<]+)/g;

/**
 * The text a `<si>` or `<is>` shows: its runs joined as excel-text.ts decides (phonetic runs left
 * out), then Excel's escapes decoded.
 */
export function textOfRuns(xml: string): string {
  const path: string[] = [];
  const parts: string[] = [];
  for (const m of xml.matchAll(TOKEN)) {
    if (m[4] !== undefined) collectText(path, decodeEntities(m[4]), parts);
    else if (m[2] === undefined || m[3] === '/') continue;
    else if (m[1] === '/') path.pop();
    else path.push(m[2].slice(m[2].indexOf(':') + 1));
  }
  return unescapeExcelText(parts.join(''));
}

/**
 * Cuts complete `<tag …>…</tag>` elements (and self-closed `<tag …/>`) out of text arriving in
 * chunks; `onElement` gets each one's full text.
 */
export class ElementCutter {
  private buffer = '';
  private readonly close: string;
  private readonly open: RegExp;

  constructor(
    tag: string,
    private readonly onElement: (xml: string) => void,
  ) {
    this.close = `</${tag}>`;
    this.open = new RegExp(`<${tag}[\\s>/]`, 'g');
  }

  push(text: string): void {
    this.buffer += text;
    let start = this.nextStart(0);
    while (start >= 0) {
      const headEnd = this.buffer.indexOf('>', start);
      if (headEnd < 0) break;
      if (this.buffer[headEnd - 1] === '/') {
        this.onElement(this.buffer.slice(start, headEnd + 1));
        start = this.nextStart(headEnd + 1);
        continue;
      }
      const end = this.buffer.indexOf(this.close, headEnd);
      if (end < 0) break;
      this.onElement(this.buffer.slice(start, end + this.close.length));
      start = this.nextStart(end + this.close.length);
    }
    // Keep only the unfinished element (or a tail that may start one).
    this.buffer = start >= 0 ? this.buffer.slice(start) : this.buffer.slice(Math.max(0, this.buffer.length - this.close.length));
  }

  private nextStart(from: number): number {
    this.open.lastIndex = from;
    const m = this.open.exec(this.buffer);
    return m ? m.index : -1;
  }
}

/** The 0-based column of a cell reference (`C7` → 2). */
export function columnOfRef(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** The cells of one `<row>` as text, placed by their references; shared strings looked up. */
export function cellsOfRow(xml: string, shared: readonly string[]): string[] {
  const cells: string[] = [];
  let next = 0;
  for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = m[1];
    const body = m[2] ?? '';
    const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1];
    const column = ref ? columnOfRef(ref) : next;
    next = column + 1;
    const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
    const v = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(body)?.[1];
    let text = '';
    if (type === 's') text = v === undefined ? '' : (shared[Number(v)] ?? '');
    else if (type === 'inlineStr') text = textOfRuns(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
    else if (type === 'b') text = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
    else text = v === undefined ? '' : unescapeXml(v);
    cells[column] = text;
  }
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  return cells;
}
