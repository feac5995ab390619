import { posix } from 'node:path';
import { relsPathOf, resolveTarget } from './package-reader';
import { NS, XML_HEAD } from './namespaces';
import { applyEdits, escapeAttribute, scanXml, type TextEdit } from './xml-scan';

/*
 * The two package parts every patch may touch besides the sheet: a part's relationships and the
 * content types. Both are edited, not rewritten: relationships are appended or removed one
 * element at a time, content-type overrides appended; the rest of their text stays as it was.
 */

/** One relationship of a part. */
export interface PartRelationship {
  id: string;
  /** The full type URI. */
  type: string;
  /** The target as written. */
  target: string;
  external: boolean;
  /** The target part's path in the package (for an internal target). */
  path: string;
  start: number;
  end: number;
}

/** The last segment of a relationship type URI (`worksheet`, `hyperlink`, …). */
export function typeName(type: string): string {
  return type.slice(type.lastIndexOf('/') + 1);
}

/** The relationships of one part, with relationships appended and removed. */
export class RelationshipsPart {
  readonly path: string;
  readonly list: PartRelationship[] = [];
  private readonly added: { id: string; type: string; target: string; external: boolean }[] = [];
  private readonly removed = new Set<string>();
  private readonly ids = new Set<string>();
  private used: Set<string> | undefined;
  private nextId = 1;
  private rootClose = 0;
  private rootOpenEnd = 0;
  private rootSelfClosing = false;
  private prefix = '';

  constructor(
    readonly owner: string,
    private readonly xml: string | undefined,
  ) {
    this.path = relsPathOf(owner);
    if (xml === undefined) return;
    scanXml(xml, {
      open: (e) => {
        if (e.path.length === 0) {
          this.prefix = e.prefix ? `${e.prefix}:` : '';
          this.rootOpenEnd = e.openEnd;
          this.rootSelfClosing = e.selfClosing;
        }
      },
      close: (e, end, closeStart) => {
        if (e.path.length === 0) this.rootClose = closeStart;
        if (e.path.length !== 1 || e.name !== 'Relationship') return;
        const a = e.attributes;
        const external = a.TargetMode === 'External';
        const target = a.Target ?? '';
        this.list.push({ id: a.Id ?? '', type: a.Type ?? '', target, external, path: external ? '' : resolveTarget(owner, target), start: e.start, end });
        this.ids.add(a.Id ?? '');
      },
    });
  }

  /** The first relationship of a type (by its last segment). */
  find(type: string): PartRelationship | undefined {
    return this.list.find((r) => typeName(r.type) === type && !this.removed.has(r.id));
  }

  byId(id: string): PartRelationship | undefined {
    return this.list.find((r) => r.id === id);
  }

  /** Adds a relationship; returns its id (`rId` and the lowest free number). */
  add(type: string, target: string, external = false): string {
    // The lowest free number, so a re-run that replaces a hyperlink gives it the same id.
    this.used ??= new Set(this.list.filter((r) => !this.removed.has(r.id)).map((r) => r.id));
    while (this.used.has(`rId${this.nextId}`)) this.nextId++;
    const id = `rId${this.nextId}`;
    this.used.add(id);
    this.added.push({ id, type, target, external });
    return id;
  }

  /** Removes a relationship the part had (removals come before additions). */
  remove(id: string): void {
    if (this.ids.has(id)) this.removed.add(id);
  }

  get changed(): boolean {
    return this.added.length > 0 || this.removed.size > 0;
  }

  toXml(): string {
    const p = this.prefix;
    const items = this.added
      .map((r) => `<${p}Relationship Id="${r.id}" Type="${escapeAttribute(r.type)}" Target="${escapeAttribute(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`)
      .join('');
    if (this.xml === undefined) return `${XML_HEAD}<Relationships xmlns="${NS.packageRelationships}">${items}</Relationships>`;
    const edits: TextEdit[] = this.list.filter((r) => this.removed.has(r.id)).map((r) => ({ start: r.start, end: r.end, text: '' }));
    if (this.rootSelfClosing) edits.push({ start: this.rootOpenEnd - 2, end: this.rootOpenEnd, text: `>${items}</${p}Relationships>` });
    else edits.push({ start: this.rootClose, end: this.rootClose, text: items });
    return applyEdits(this.xml, edits);
  }
}

/** A relationship target for `path` written relative to the part `from` (as Excel writes them). */
export function relativeTarget(from: string, path: string): string {
  const dir = posix.dirname(from);
  return posix.relative(dir === '.' ? '' : dir, path);
}

/** `[Content_Types].xml`, with overrides added, changed or removed. */
export class ContentTypes {
  private readonly defaults = new Map<string, string>();
  private readonly defaultPositions = new Map<string, { start: number; end: number }>();
  private readonly overrides = new Map<string, { type: string; start: number; end: number; tagEnd: number }>();
  private readonly edits: TextEdit[] = [];
  private rootClose = 0;
  private prefix = '';

  constructor(private readonly xml: string) {
    scanXml(xml, {
      open: (e) => {
        if (e.path.length === 0) this.prefix = e.prefix ? `${e.prefix}:` : '';
      },
      close: (e, end, closeStart) => {
        if (e.path.length === 0) this.rootClose = closeStart;
        if (e.path.length !== 1) return;
        if (e.name === 'Default') {
          this.defaults.set((e.attributes.Extension ?? '').toLowerCase(), e.attributes.ContentType ?? '');
          this.defaultPositions.set((e.attributes.Extension ?? '').toLowerCase(), { start: e.start, end });
        }
        if (e.name === 'Override') this.overrides.set((e.attributes.PartName ?? '').replace(/^\//, ''), { type: e.attributes.ContentType ?? '', start: e.start, end, tagEnd: e.openEnd });
      },
    });
  }

  typeOf(path: string): string {
    return this.overrides.get(path)?.type ?? this.defaults.get(posix.extname(path).slice(1).toLowerCase()) ?? '';
  }

  hasDefault(extension: string): boolean {
    return this.defaults.has(extension);
  }

  /** Sets the content type of a part by an override (added, or changed where it is). */
  setOverride(path: string, type: string): void {
    const known = this.overrides.get(path);
    if (known?.type === type) return;
    const tag = `<${this.prefix}Override PartName="/${escapeAttribute(path)}" ContentType="${escapeAttribute(type)}"/>`;
    if (known) this.edits.push({ start: known.start, end: known.end, text: tag });
    else this.edits.push({ start: this.rootClose, end: this.rootClose, text: tag });
  }

  addDefault(extension: string, type: string): void {
    if (this.defaults.has(extension)) return;
    this.defaults.set(extension, type);
    this.edits.push({ start: this.rootClose, end: this.rootClose, text: `<${this.prefix}Default Extension="${escapeAttribute(extension)}" ContentType="${escapeAttribute(type)}"/>` });
  }

  /** The default content type of an extension, '' when none. */
  defaultOf(extension: string): string {
    return this.defaults.get(extension) ?? '';
  }

  hasOverride(path: string): boolean {
    return this.overrides.has(path);
  }

  removeDefault(extension: string): void {
    const known = this.defaultPositions.get(extension);
    if (known) this.edits.push({ start: known.start, end: known.end, text: '' });
  }

  removeOverride(path: string): void {
    const known = this.overrides.get(path);
    if (known) this.edits.push({ start: known.start, end: known.end, text: '' });
  }

  get changed(): boolean {
    return this.edits.length > 0;
  }

  toXml(): string {
    return applyEdits(this.xml, this.edits);
  }
}
