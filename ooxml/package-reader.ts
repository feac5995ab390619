import { posix } from 'node:path';
import { attributeOf, scanXml, type ScanHandlers } from './xml-scan';
import { bytesSource, ZipPackage, type RandomAccess } from './zip-package';

/*
 * A read-only view of an OOXML package (the zip inside .xlsx, .xlsm, .xltx): its parts, their
 * content types, relationships and the workbook's sheets. A workbook enriched into CSV is read
 * with it to name the parts the CSV file leaves out (package-losses.ts). It reads the package
 * where it lies, through the same ZipPackage and SAX scanner as the patcher: a part is inflated
 * (within FILE_LIMITS, CRC-checked) only when its text is asked for, pictures never.
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

/** An OOXML package opened where it lies. */
export interface OoxmlPackage {
  /** Entry names in archive order (no leading slash). */
  readonly names: readonly string[];
  has(path: string): boolean;
  /** The content type of a part (override, else the default for its extension). */
  contentType(path: string): string;
  /** The text of an XML part, or '' when absent. */
  text(path: string): string;
  /** Walks an XML part (absent: nothing) with the SAX scanner, a refusal naming the part. */
  scan(path: string, handlers: ScanHandlers, lenient?: boolean): void;
  /** The relationships a part declares (its `_rels/*.rels` part). */
  relationships(path: string): Relationship[];
  readonly sheets: readonly SheetEntry[];
  readonly workbookPath: string;
  /** Releases the file. */
  close(): void;
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
  return posix.normalize(posix.join(dir === '.' ? '' : dir, decodedTarget(target)));
}

/** A target's %-escapes decoded; one that is not a valid escape names a part by its own characters (no part has such a name). */
function decodedTarget(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * Opens an xlsx-family package (a file opened with fileSource, or bytes). Throws when it is not a
 * zip package with a workbook (the caller turns that into one sentence naming the file), a
 * FileLimitError when it passes one of FILE_LIMITS.
 */
export function readPackage(source: Uint8Array | RandomAccess): OoxmlPackage {
  const zip = new ZipPackage(source instanceof Uint8Array ? bytesSource(source) : source);
  try {
    return openPackage(zip);
  } catch (error) {
    zip.close();
    throw error;
  }
}

function openPackage(zip: ZipPackage): OoxmlPackage {
  const text = (path: string): string => {
    const bytes = zip.read(path);
    return bytes ? new TextDecoder().decode(bytes) : '';
  };
  const scan = (path: string, handlers: ScanHandlers, lenient = false): void => {
    if (zip.has(path)) scanXml(text(path), handlers, { subject: `The part ${path}`, lenient });
  };
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  scan('[Content_Types].xml', {
    open: (e) => {
      if (e.path.length !== 1) return;
      if (e.name === 'Default') defaults.set((e.attributes.Extension ?? '').toLowerCase(), e.attributes.ContentType ?? '');
      if (e.name === 'Override') overrides.set((e.attributes.PartName ?? '').replace(/^\//, ''), e.attributes.ContentType ?? '');
    },
  });
  const contentType = (path: string): string => overrides.get(path) ?? defaults.get(posix.extname(path).slice(1).toLowerCase()) ?? '';
  const known = new Map<string, Relationship[]>();
  const relationships = (path: string): Relationship[] => {
    const found = known.get(path);
    if (found) return found;
    const out: Relationship[] = [];
    known.set(path, out);
    scan(relsPathOf(path), {
      open: (e) => {
        if (e.path.length !== 1 || e.name !== 'Relationship') return;
        const a = e.attributes;
        const external = a.TargetMode === 'External';
        out.push({ id: a.Id ?? '', type: (a.Type ?? '').split('/').pop() ?? '', target: external ? (a.Target ?? '') : resolveTarget(path, a.Target ?? ''), external });
      },
    });
    return out;
  };
  const root = relationships('').find((r) => r.type === 'officeDocument');
  if (!root || !zip.has(root.target)) throw new Error('it holds no workbook part');
  const workbookPath = root.target;
  const workbookRels = relationships(workbookPath);
  const sheets: SheetEntry[] = [];
  scan(workbookPath, {
    open: (e) => {
      if (e.path.length !== 2 || e.path[1] !== 'sheets' || e.name !== 'sheet') return;
      const rel = workbookRels.find((r) => r.id === attributeOf(e, 'id'));
      sheets.push({ name: e.attributes.name ?? '', state: e.attributes.state ?? 'visible', path: rel?.target ?? '', kind: rel?.type ?? 'worksheet' });
    },
  });
  return { names: zip.names, has: (path) => zip.has(path), contentType, text, scan, relationships, sheets, workbookPath, close: () => zip.close() };
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
