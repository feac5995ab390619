import { BUILTIN_NUMBER_FORMATS } from './cells';
import { NS, XML_HEAD } from './namespaces';
import { applyEdits, attributeOf, escapeAttribute, scanXml, setAttributeInTag, type TextEdit } from './xml-scan';
import { insertChild, STYLESHEET_ORDER, type ChildPosition } from './schema-order';

/*
 * The workbook's styles part, to which an enrichment appends the cell formats, fonts, fills,
 * number formats and differential formats (for conditional formats) its cells need. Existing
 * entries are never changed or reordered, so every cell of the workbook keeps its look; a format
 * already there with the same markup is used again, so re-runs do not make the part grow.
 */

/** Built-in format ids that show dates or times. */
const BUILTIN_DATE_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

const LINK_COLOR = 'FF0563C1';

/** A list of entries inside one container (`<fonts>`, `<cellXfs>`, …) and where to append. */
interface Container {
  /** The container's start tag. */
  start: number;
  openEnd: number;
  /** Where new entries go: before the end tag. */
  closeStart: number;
  selfClosing: boolean;
  end: number;
  /** The markup of each entry. */
  items: string[];
  added: string[];
}

const CONTAINERS = { numFmts: 'numFmt', fonts: 'font', fills: 'fill', borders: 'border', cellStyleXfs: 'xf', cellXfs: 'xf', cellStyles: 'cellStyle', dxfs: 'dxf' } as const;
type ContainerName = keyof typeof CONTAINERS;

/** What a written cell's format must be, on top of the format it had. */
export interface StyleWish {
  /** The number format code; undefined keeps the cell's. */
  numFmt?: string;
  bold?: boolean;
  link?: boolean;
  /** An ARGB solid fill, or null to remove the fill; undefined keeps it. */
  fill?: string | null;
  /** Horizontal alignment and wrapping, replacing the cell's own alignment; undefined keeps it. */
  alignment?: { horizontal?: 'right'; indent?: number; vertical?: 'top'; wrap?: boolean };
}

/**
 * What Excel puts in every styles part, and what a cell without a format (or with format 0) means:
 * the default font, the two fills Excel reserves (none, gray125), an empty border, the Normal
 * style and the default cell format. A part that lacks one of them (an empty `<styleSheet/>` is
 * seen in real workbooks) gets it before anything is appended, so an appended format never
 * becomes index 0, which every cell without a format would then take.
 */
function excelDefaults(p: string): Partial<Record<ContainerName, string[]>> {
  return {
    fonts: [`<${p}font><${p}sz val="11"/><${p}name val="Calibri"/><${p}family val="2"/></${p}font>`],
    fills: [`<${p}fill><${p}patternFill patternType="none"/></${p}fill>`, `<${p}fill><${p}patternFill patternType="gray125"/></${p}fill>`],
    borders: [`<${p}border><${p}left/><${p}right/><${p}top/><${p}bottom/><${p}diagonal/></${p}border>`],
    cellStyleXfs: [`<${p}xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>`],
    cellXfs: [`<${p}xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`],
    cellStyles: [`<${p}cellStyle name="Normal" xfId="0" builtinId="0"/>`],
  };
}

/** A root written `<styleSheet …/>` opened as `<styleSheet …></styleSheet>`, so children can go inside. */
function openedRoot(xml: string): string {
  let root: { start: number; openEnd: number; selfClosing: boolean; qname: string } | undefined;
  scanXml(xml, { open: (e) => void (root ??= { start: e.start, openEnd: e.openEnd, selfClosing: e.selfClosing, qname: e.prefix ? `${e.prefix}:${e.name}` : e.name }) });
  if (!root?.selfClosing) return xml;
  return `${xml.slice(0, root.openEnd - 2).replace(/\s+$/, '')}></${root.qname}>${xml.slice(root.openEnd)}`;
}

/** The styles part of a workbook, with what an enrichment appends to it. */
export class StylesPart {
  private readonly xml: string;
  private readonly containers = new Map<ContainerName, Container>();
  private readonly children: ChildPosition[] = [];
  private readonly formats = new Map<number, string>();
  private prefix = '';
  private rootClose = 0;
  private readonly wishes = new Map<string, number>();
  /** True when the workbook had no styles part and this one is new. */
  readonly created: boolean;

  /** `mainNamespace` is that of a part created when the workbook has none. */
  constructor(xml: string | undefined, mainNamespace: string = NS.main) {
    this.created = xml === undefined;
    this.xml = openedRoot(xml ?? `${XML_HEAD}<styleSheet xmlns="${mainNamespace}"/>`);
    let current: Container | undefined;
    scanXml(this.xml, {
      open: (e) => {
        if (e.path.length === 0) this.prefix = e.prefix ? `${e.prefix}:` : '';
        if (e.path.length === 1) {
          this.children.push({ name: e.name, start: e.start });
          if (e.name in CONTAINERS) {
            current = { start: e.start, openEnd: e.openEnd, closeStart: e.openEnd, selfClosing: e.selfClosing, end: e.openEnd, items: [], added: [] };
            this.containers.set(e.name as ContainerName, current);
          }
        }
        if (e.path.length === 2 && e.name === 'numFmt') this.formats.set(Number(attributeOf(e, 'numFmtId')), attributeOf(e, 'formatCode') ?? '');
      },
      close: (e, end, closeStart) => {
        if (e.path.length === 0) this.rootClose = closeStart;
        if (e.path.length === 1 && current && e.start === current.start) {
          current.closeStart = closeStart;
          current.end = end;
          current = undefined;
        }
        if (e.path.length === 2 && current && CONTAINERS[e.path[1] as ContainerName] === e.name) current.items.push(this.xml.slice(e.start, end));
      },
    });
    for (const [name, items] of Object.entries(excelDefaults(this.prefix)) as [ContainerName, string[]][]) {
      const c = this.container(name);
      // Excel reads fill 1 as gray125 whatever it holds, so a fill appended there would not show.
      const missing = name === 'fills' ? items.slice(c.items.length) : c.items.length === 0 ? items : [];
      c.items.push(...missing);
      c.added.push(...missing);
    }
  }

  /** The number format code of a cell format (index into cellXfs), '' for General. */
  formatOf(style: number): string {
    const xf = this.containers.get('cellXfs')?.items[style];
    if (!xf) return '';
    const id = Number(/\snumFmtId\s*=\s*["'](\d+)["']/.exec(xf)?.[1] ?? 0);
    if (BUILTIN_DATE_IDS.has(id)) return 'yyyy-mm-dd';
    return this.formats.get(id) ?? Object.entries(BUILTIN_NUMBER_FORMATS).find(([, n]) => n === id)?.[0] ?? '';
  }

  /** True when a cell format shows its number as a date or time. */
  isDate(style: number): boolean {
    // Quoted text, escaped characters and [colour]/[condition] sections never make a date.
    const code = this.formatOf(style).replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
    return /[dmyhs]/i.test(code) && !/^general$/i.test(code);
  }

  /** The cellXfs index of a cell format made from `base` (the cell's format, 0 for none) with `wish` applied. */
  styleOf(base: number, wish: StyleWish): number {
    const key = `${base}|${wish.numFmt}|${wish.bold ? 1 : 0}|${wish.link ? 1 : 0}|${wish.fill}|${wish.alignment?.horizontal}|${wish.alignment?.indent}|${wish.alignment?.vertical}|${wish.alignment?.wrap ? 1 : 0}`;
    const known = this.wishes.get(key);
    if (known !== undefined) return known;
    const xfs = this.container('cellXfs');
    const baseXf = xfs.items[base] ?? xfs.items[0] ?? `<${this.prefix}xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`;
    const tagEnd = baseXf.indexOf('>') + 1;
    let tag = baseXf.slice(0, tagEnd);
    if (wish.numFmt !== undefined) {
      tag = setAttributeInTag(tag, 'numFmtId', String(this.numFmtId(wish.numFmt)));
      tag = setAttributeInTag(tag, 'applyNumberFormat', '1');
    }
    if (wish.bold || wish.link) {
      const fontId = Number(/\sfontId\s*=\s*["'](\d+)["']/.exec(tag)?.[1] ?? 0);
      tag = setAttributeInTag(tag, 'fontId', String(this.fontOf(fontId, wish)));
      tag = setAttributeInTag(tag, 'applyFont', '1');
    }
    if (wish.fill !== undefined) {
      tag = setAttributeInTag(tag, 'fillId', String(wish.fill === null ? 0 : this.solidFill(wish.fill)));
      tag = setAttributeInTag(tag, 'applyFill', wish.fill === null ? '0' : '1');
    }
    let rest = baseXf.slice(tagEnd);
    if (wish.alignment) {
      const p = this.prefix;
      const { horizontal, indent, vertical, wrap } = wish.alignment;
      const alignment = `<${p}alignment${horizontal ? ` horizontal="${horizontal}"` : ''}${indent ? ` indent="${indent}"` : ''}${vertical ? ` vertical="${vertical}"` : ''}${wrap ? ' wrapText="1"' : ''}/>`;
      tag = setAttributeInTag(tag, 'applyAlignment', '1');
      // alignment is the first child of xf in the schema.
      if (tag.endsWith('/>')) {
        tag = `${tag.slice(0, -2).replace(/\s+$/, '')}>`;
        rest = `${alignment}</${p}xf>`;
      } else rest = alignment + rest.replace(/<(?:\w+:)?alignment\b[^>]*?(?:\/>|>[^]*?<\/(?:\w+:)?alignment>)/, '');
    }
    const index = this.indexOf('cellXfs', tag + rest);
    this.wishes.set(key, index);
    return index;
  }

  /** The dxfs index of a highlight: font colour and solid background, both ARGB. */
  highlightOf(font: string, fill: string): number {
    const p = this.prefix;
    return this.indexOf('dxfs', `<${p}dxf><${p}font><${p}color rgb="${escapeAttribute(font)}"/></${p}font><${p}fill><${p}patternFill patternType="solid"><${p}bgColor rgb="${escapeAttribute(fill)}"/></${p}patternFill></${p}fill></${p}dxf>`);
  }

  /** True when something was appended. */
  get changed(): boolean {
    return this.created || [...this.containers.values()].some((c) => c.added.length > 0);
  }

  /** The part's text with the appended entries and updated counts. */
  toXml(): string {
    const edits: TextEdit[] = [];
    const rank = (name: string): number => STYLESHEET_ORDER.indexOf(name);
    // New containers that go to the same place keep the schema's order.
    for (const [name, c] of [...this.containers].sort(([a], [b]) => rank(a) - rank(b))) {
      if (c.added.length === 0) continue;
      const count = c.items.length;
      if (c.start < 0) {
        // A container the part did not have.
        edits.push(insertChild(STYLESHEET_ORDER, this.children, name, this.rootClose, `<${this.prefix}${name} count="${count}">${c.added.join('')}</${this.prefix}${name}>`));
        continue;
      }
      let tag = this.xml.slice(c.start, c.openEnd);
      if (c.selfClosing) tag = `${tag.slice(0, -2).replace(/\s+$/, '')}>`;
      tag = setAttributeInTag(tag, 'count', String(count));
      edits.push({ start: c.start, end: c.openEnd, text: tag });
      edits.push({ start: c.selfClosing ? c.openEnd : c.closeStart, end: c.selfClosing ? c.openEnd : c.closeStart, text: c.added.join('') + (c.selfClosing ? `</${this.prefix}${name}>` : '') });
    }
    return applyEdits(this.xml, edits);
  }

  private container(name: ContainerName): Container {
    let c = this.containers.get(name);
    if (!c) {
      c = { start: -1, openEnd: -1, closeStart: -1, selfClosing: false, end: -1, items: [], added: [] };
      this.containers.set(name, c);
    }
    return c;
  }

  /** The index of an entry with exactly this markup, appended when there is none. */
  private indexOf(name: ContainerName, markup: string): number {
    const c = this.container(name);
    const at = c.items.indexOf(markup);
    if (at >= 0) return at;
    c.items.push(markup);
    c.added.push(markup);
    return c.items.length - 1;
  }

  private numFmtId(code: string): number {
    const builtin = BUILTIN_NUMBER_FORMATS[code];
    if (builtin !== undefined) return builtin;
    for (const [id, f] of this.formats) if (f === code) return id;
    const id = Math.max(163, ...this.formats.keys()) + 1;
    this.formats.set(id, code);
    this.indexOf('numFmts', `<${this.prefix}numFmt numFmtId="${id}" formatCode="${escapeAttribute(code)}"/>`);
    return id;
  }

  /** A font made from an existing one: bold, or the hyperlink's underline and blue. */
  private fontOf(base: number, wish: StyleWish): number {
    const p = this.prefix;
    const fonts = this.container('fonts');
    const source = fonts.items[base] ?? `<${p}font/>`;
    const kept: string[] = [];
    scanXml(source, {
      close: (e, end) => {
        if (e.path.length !== 1) return;
        const drop = (wish.bold && e.name === 'b') || (wish.link && (e.name === 'u' || e.name === 'color'));
        if (!drop) kept.push(source.slice(e.start, end));
      },
    });
    const open = source.slice(0, source.indexOf('>') + 1).replace(/\s*\/>$/, '>');
    const added = `${wish.bold ? `<${p}b/>` : ''}${wish.link ? `<${p}u/>` : ''}`;
    // CT_Font's children may come in any order; color goes after u, as Excel writes it.
    const markup = `${open}${added}${kept.join('')}${wish.link ? `<${p}color rgb="${LINK_COLOR}"/>` : ''}</${p}font>`;
    return this.indexOf('fonts', markup);
  }

  private solidFill(argb: string): number {
    const p = this.prefix;
    return this.indexOf('fills', `<${p}fill><${p}patternFill patternType="solid"><${p}fgColor rgb="${escapeAttribute(argb)}"/><${p}bgColor indexed="64"/></${p}patternFill></${p}fill>`);
  }
}
