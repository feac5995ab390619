import { SaxesParser } from 'saxes';
import { FileLimitError, FILE_LIMITS } from '../core/limits';

/*
 * A walk over an XML part with saxes that also gives where each element sits in the text, so a
 * patch can replace one element or insert beside it and leave every other character as it was.
 * Offsets are UTF-16 indexes into the part's text. A start tag's `<` is found by looking back
 * from its `>`: XML forbids a raw `<` inside attribute values, so the nearest one is the tag's.
 * The walk keeps one stack of open elements, pushed and popped, never copied: its cost grows with
 * the text, and it stops at FILE_LIMITS.xmlDepth levels and FILE_LIMITS.xmlElements elements.
 */

/** An element as the walk meets it. */
export interface ScannedElement {
  /** Local name (prefix dropped). */
  name: string;
  /** The namespace prefix, '' for none. */
  prefix: string;
  /** Attributes by their qualified name, values decoded. */
  attributes: Record<string, string>;
  /** Offset of the start tag's `<`. */
  start: number;
  /** Offset just after the start tag's `>`. */
  openEnd: number;
  selfClosing: boolean;
  /**
   * Names of the enclosing elements, outermost first (local names). The walk's own stack, seen
   * as it is while a handler runs: read it there, never keep it (it changes as the walk goes on).
   */
  path: readonly string[];
}

export interface ScanHandlers {
  open?(element: ScannedElement): void;
  /** `end` is the offset just after the end tag (or the empty tag), `closeStart` that of its `</` (= end for an empty tag). */
  close?(element: ScannedElement, end: number, closeStart: number): void;
  text?(text: string, path: readonly string[]): void;
}

/** What the walk is told about the text besides its handlers. */
export interface ScanOptions {
  /** Names the text in a refusal ("The part xl/worksheets/sheet1.xml"). @default 'An XML part' */
  subject?: string;
  /**
   * Walks on past what is not well-formed (VML as Excel writes it has bare `<br>`): an end tag
   * that does not match closes the elements left open inside it. Offsets of such elements are
   * not for editing. @default false
   */
  lenient?: boolean;
}

/**
 * Walks an XML text; throws the parser's error when it is not well-formed, and a FileLimitError
 * when it nests deeper than FILE_LIMITS.xmlDepth or holds more than FILE_LIMITS.xmlElements elements.
 */
export function scanXml(xml: string, handlers: ScanHandlers, options: ScanOptions = {}): void {
  const parser = new SaxesParser({ position: true });
  const stack: ScannedElement[] = [];
  const names: string[] = [];
  const subject = options.subject ?? 'An XML part';
  let elements = 0;
  if (options.lenient) parser.on('error', () => undefined);
  parser.on('opentag', (node) => {
    if (names.length >= FILE_LIMITS.xmlDepth.value) throw new FileLimitError('xmlDepth', subject);
    if (++elements > FILE_LIMITS.xmlElements.value) throw new FileLimitError('xmlElements', subject);
    const colon = node.name.indexOf(':');
    const openEnd = parser.position;
    const element: ScannedElement = {
      name: colon < 0 ? node.name : node.name.slice(colon + 1),
      prefix: colon < 0 ? '' : node.name.slice(0, colon),
      attributes: node.attributes as Record<string, string>,
      start: xml.lastIndexOf('<', openEnd - 1),
      openEnd,
      selfClosing: node.isSelfClosing,
      path: names,
    };
    handlers.open?.(element);
    stack.push(element);
    names.push(element.name);
  });
  parser.on('closetag', () => {
    const element = stack.pop() as ScannedElement;
    names.pop();
    const end = parser.position;
    handlers.close?.(element, end, element.selfClosing ? end : xml.lastIndexOf('</', end - 1));
  });
  if (handlers.text) {
    const text = handlers.text;
    parser.on('text', (t) => text(t, names));
    parser.on('cdata', (t) => text(t, names));
  }
  parser.write(xml).close();
}

/** The local part of a qualified name. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** An attribute by its local name, whatever its prefix (r:id, x:ref). */
export function attributeOf(element: ScannedElement, local: string): string | undefined {
  if (element.attributes[local] !== undefined) return element.attributes[local];
  for (const [name, value] of Object.entries(element.attributes)) if (!name.startsWith('xmlns') && localName(name) === local) return value;
  return undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' };

/** Text escaped for a double-quoted attribute value (line breaks and tabs kept as references, which attribute parsing would otherwise fold). */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"\r\n\t]/g, (c) => ESCAPES[c]);
}

/** Text escaped for element content. */
export function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => ESCAPES[c]);
}

/** One replacement in a text: [start, end) becomes `text` (an insertion when start = end). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies edits to a text. Edits must not overlap; insertions at the same offset keep the order
 * they were given in.
 */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  return editedPieces(source, edits).join('');
}

/**
 * The edited text as UTF-8 bytes, encoded piece by piece into one buffer: a 200 MB sheet costs
 * its bytes once, not a joined copy of its text as well.
 */
export function applyEditsAsUtf8(source: string, edits: readonly TextEdit[]): Uint8Array {
  const pieces = editedPieces(source, edits);
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece, 'utf8');
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) at += out.write(piece, at, 'utf8');
  return out;
}

function editedPieces(source: string, edits: readonly TextEdit[]): string[] {
  const sorted = edits.map((e, i) => ({ ...e, i })).sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  const out: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error('overlapping edits');
    out.push(source.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  out.push(source.slice(at));
  return out;
}

/**
 * A start tag with one attribute set to a value (replaced where it is, else added before the
 * tag's end); the other attributes keep their text.
 */
export function setAttributeInTag(tag: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*)("[^"]*"|'[^']*')`);
  if (re.test(tag)) return tag.replace(re, (_, lead: string) => `${lead}"${escapeAttribute(value)}"`);
  const close = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  return `${tag.slice(0, close).replace(/\s+$/, '')} ${name}="${escapeAttribute(value)}"${tag.slice(close)}`;
}

/** A start tag without one attribute. */
export function removeAttributeInTag(tag: string, name: string): string {
  return tag.replace(new RegExp(`\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("[^"]*"|'[^']*')`), '');
}
