import { posix } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

/*
 * A read-only view of an OOXML package (the zip inside .xlsx, .xlsm, .xltx): its parts, their
 * content types, relationships and the workbook's sheets. A workbook enriched into CSV is read
 * with it to name the parts the CSV file leaves out (package-losses.ts); the patcher
 * (ooxml/) reads packages at offsets instead and shares only relsPathOf and resolveTarget.
 */

/** One relationship of a part: its type (last path segment of the type URI) and target. */
export interface Relationship {
  id: string;
  /** The relationship type's last segment: `worksheet`, `chart`, `drawing`, `hyperlink`, … */
  type: string;
  /** The target part's path in the package (no leading slash), or the URL of an external target. */
  target: string;
  external: boolean;
}

/** A sheet as the workbook lists it. */
export interface SheetEntry {
  name: string;
  /** `visible`, `hidden` or `veryHidden`. */
  state: string;
  /** Path of the sheet's part. */
  path: string;
  /** `worksheet`, `chartsheet`, `dialogsheet` or `macrosheet` (from the relationship type). */
  kind: string;
}

/** An OOXML package opened from its bytes. */
export interface OoxmlPackage {
  /** Every entry's bytes by path (no leading slash). */
  readonly entries: Readonly<Record<string, Uint8Array>>;
  /** The content type of a part (override, else the default for its extension). */
  contentType(path: string): string;
  /** The text of an XML part, or '' when absent. */
  text(path: string): string;
  /** The relationships a part declares (its `_rels/*.rels` part). */
  relationships(path: string): Relationship[];
  readonly sheets: readonly SheetEntry[];
  readonly workbookPath: string;
}

/** Attributes of a start tag's text (`<x a="1" b='2'>`), by local name (prefixes dropped). */
export function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = m[1].includes(':') && !m[1].startsWith('xmlns') ? m[1].slice(m[1].indexOf(':') + 1) : m[1];
    out[name] = decodeXml(m[3] ?? m[4] ?? '');
  }
  return out;
}

/** Every start tag (or empty-element tag) of an element with this local name, any namespace prefix. */
export function tagsOf(xml: string, localName: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])[^>]*>`, 'g'))].map((m) => m[0]);
}

/** The full text of each element with this local name (start tag to matching end tag, not nested). */
export function elementsOf(xml: string, localName: string): string[] {
  const re = new RegExp(`<((?:[\\w.-]+:)?${localName})(?=[\\s/>])[^>]*?(?:/>|>[\\s\\S]*?</\\1>)`, 'g');
  return [...xml.matchAll(re)].map((m) => m[0]);
}

/** Replaces the five predefined XML entities and numeric character references. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e] as string;
  });
}

/** The `_rels` part that holds a part's relationships. */
export function relsPathOf(path: string): string {
  const dir = posix.dirname(path);
  return `${dir === '.' ? '' : `${dir}/`}_rels/${posix.basename(path)}.rels`;
}

/** A relationship target resolved against the part that declares it. */
export function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const dir = posix.dirname(from);
  return posix.normalize(posix.join(dir === '.' ? '' : dir, decodeURIComponent(target)));
}

/**
 * Opens the bytes of an xlsx-family file. Throws when they are not a zip package with a workbook
 * (the caller turns that into one sentence naming the file).
 */
export function readPackage(bytes: Uint8Array): OoxmlPackage {
  const entries = unzipSync(bytes);
  const texts = new Map<string, string>();
  const text = (path: string): string => {
    if (!texts.has(path)) texts.set(path, entries[path] ? strFromU8(entries[path]) : '');
    return texts.get(path) as string;
  };
  const types = text('[Content_Types].xml');
  const defaults = new Map(tagsOf(types, 'Default').map((t) => attributesOf(t)).map((a) => [a.Extension?.toLowerCase(), a.ContentType ?? '']));
  const overrides = new Map(tagsOf(types, 'Override').map((t) => attributesOf(t)).map((a) => [(a.PartName ?? '').replace(/^\//, ''), a.ContentType ?? '']));
  const contentType = (path: string): string => overrides.get(path) ?? defaults.get(posix.extname(path).slice(1).toLowerCase()) ?? '';
  const relationships = (path: string): Relationship[] =>
    tagsOf(text(relsPathOf(path)), 'Relationship').map((tag) => {
      const a = attributesOf(tag);
      const external = a.TargetMode === 'External';
      return { id: a.Id ?? '', type: (a.Type ?? '').split('/').pop() ?? '', target: external ? (a.Target ?? '') : resolveTarget(path, a.Target ?? ''), external };
    });
  const root = relationships('').find((r) => r.type === 'officeDocument');
  if (!root || !entries[root.target]) throw new Error('it holds no workbook part');
  const workbookPath = root.target;
  const workbookRels = relationships(workbookPath);
  const sheets = tagsOf(text(workbookPath), 'sheet').map((tag): SheetEntry => {
    const a = attributesOf(tag);
    const rel = workbookRels.find((r) => r.id === a.id);
    return { name: a.name ?? '', state: a.state ?? 'visible', path: rel?.target ?? '', kind: rel?.type ?? 'worksheet' };
  });
  return { entries, contentType, text, relationships, sheets, workbookPath };
}

/** True when the bytes start like a zip file (an OOXML package). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** True when the bytes start like an OLE compound file (.xls, .xlsb saved encrypted, password-protected .xlsx). */
export function isCompoundFile(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length >= 8 && magic.every((b, i) => bytes[i] === b);
}
