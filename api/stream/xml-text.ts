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
  private readonly open: RegExp;
  /** The end tag of the element being cut (with its prefix), once its start tag is seen. */
  private close = '';
  /** Where in the buffer the search for that end tag goes on, so a long element is not searched again from its start. */
  private searchFrom = 0;

  constructor(
    private readonly tag: string,
    private readonly onElement: (xml: string) => void,
  ) {
    this.open = new RegExp(`<((?:[\\w.-]+:)?)${tag}[\\s>/]`, 'g');
  }

  push(text: string): void {
    this.buffer += text;
    let start = this.close ? 0 : this.nextStart(0);
    // The end of the last element handed on: nothing before it is kept.
    let done = 0;
    while (start >= 0) {
      const headEnd = this.buffer.indexOf('>', start);
      if (headEnd < 0) break;
      if (this.buffer[headEnd - 1] === '/') {
        this.onElement(this.buffer.slice(start, headEnd + 1));
        done = headEnd + 1;
        start = this.nextStart(done);
        continue;
      }
      const end = this.buffer.indexOf(this.close, Math.max(headEnd, this.searchFrom));
      if (end < 0) {
        this.searchFrom = Math.max(headEnd, this.buffer.length - this.close.length);
        break;
      }
      done = end + this.close.length;
      this.onElement(this.buffer.slice(start, done));
      start = this.nextStart(done);
    }
    if (start >= 0) {
      // Keep only the unfinished element.
      this.buffer = this.buffer.slice(start);
      this.searchFrom = Math.max(0, this.searchFrom - start);
    } else {
      // Keep a tail that may start one (`<x:ro` of a `<x:row>` cut between chunks).
      this.buffer = this.buffer.slice(Math.max(done, this.buffer.length - this.tag.length - 64));
    }
  }

  /** The start of the next element at or after `from` (its end tag noted), or -1. */
  private nextStart(from: number): number {
    this.open.lastIndex = from;
    const m = this.open.exec(this.buffer);
    this.close = m ? `</${m[1]}${this.tag}>` : '';
    this.searchFrom = 0;
    return m ? m.index : -1;
  }
}

/** The 0-based column of a cell reference (`C7` → 2). */
function columnOfRef(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** Excel's last column (XFD), 0-based: a reference past it is not a cell of any workbook. */
const LAST_COLUMN = 16383;

/** A cell being read: where it goes, its type, and the text of its value or inline string. */
interface OpenCell {
  column: number;
  type: string;
  value: string[];
  inline: string[];
}

/** The text a cell shows: shared strings looked up, Booleans as TRUE/FALSE, Excel's escapes decoded. */
function textOfCell(cell: OpenCell, shared: readonly string[]): string {
  const v = cell.value.length === 0 ? undefined : cell.value.join('');
  if (cell.type === 's') return v === undefined ? '' : (shared[Number(v)] ?? '');
  if (cell.type === 'inlineStr') return unescapeExcelText(cell.inline.join(''));
  if (cell.type === 'b') return v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
  return v === undefined ? '' : unescapeExcelText(v);
}

/**
 * The cells of one `<row>` as text, placed by their references (a cell without one follows the
 * cell before it; one past XFD is left out); elements may carry a namespace prefix.
 */
export function cellsOfRow(xml: string, shared: readonly string[]): string[] {
  const cells: string[] = [];
  const path: string[] = [];
  let next = 0;
  let cell: OpenCell | undefined;
  const close = (): void => {
    if (cell && cell.column <= LAST_COLUMN) cells[cell.column] = textOfCell(cell, shared);
    cell = undefined;
  };
  for (const m of xml.matchAll(TOKEN)) {
    if (m[4] !== undefined) {
      if (cell && path[path.length - 1] === 'v') cell.value.push(decodeEntities(m[4]));
      else if (cell && path.includes('is')) collectText(path, decodeEntities(m[4]), cell.inline);
      continue;
    }
    if (m[2] === undefined) continue;
    const name = m[2].slice(m[2].indexOf(':') + 1);
    if (m[1] === '/') {
      path.pop();
      if (name === 'c') close();
      continue;
    }
    if (name === 'c') {
      const ref = /\sr\s*=\s*["']\$?([A-Za-z]+)/.exec(m[0])?.[1];
      const column = ref ? columnOfRef(ref.toUpperCase()) : next;
      next = column + 1;
      cell = { column, type: /\st\s*=\s*["'](\w+)/.exec(m[0])?.[1] ?? 'n', value: [], inline: [] };
      if (m[3] === '/') close();
    }
    if (m[3] !== '/') path.push(name);
  }
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  return cells;
}
