import { collectText, escapeExcelText, unescapeExcelText } from '../api/stream/excel-text';
import { cellText } from '../core/cells/cell-text';
import { FILE_LIMITS, FileLimitError } from '../core/limits';
import { NS, XML_HEAD } from './namespaces';
import { applyEdits, escapeText, scanXml, setAttributeInTag, type TextEdit } from './xml-scan';

/*
 * The shared strings of a workbook: read as the text a cell shows (rich-text runs joined, the
 * phonetic guide of rPh left out, Excel's `_xHHHH_` escapes decoded, cut to what a cell holds),
 * and appended to (never reordered, so every index a cell holds stays right).
 */

/** The shared strings part, with what an enrichment appends to it. */
export class SharedStrings {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly added: string[] = [];
  private referencesAdded = 0;
  private prefix = '';
  private rootStart = 0;
  private rootOpenEnd = 0;
  private rootClose = 0;
  private rootSelfClosing = false;
  private count: number | undefined;
  /** True when the workbook had no shared strings part. */
  readonly created: boolean;

  /** `mainNamespace` is that of a part created when the workbook has none. */
  constructor(
    private readonly xml: string | undefined,
    private readonly mainNamespace: string = NS.main,
    maxStrings: number = FILE_LIMITS.sharedStrings.value,
  ) {
    this.created = xml === undefined;
    if (xml === undefined) return;
    let parts: string[] = [];
    let plain = true;
    scanXml(xml, {
      open: (e) => {
        if (e.path.length === 0) {
          this.prefix = e.prefix ? `${e.prefix}:` : '';
          this.rootStart = e.start;
          this.rootOpenEnd = e.openEnd;
          this.rootSelfClosing = e.selfClosing;
          const count = e.attributes.count;
          // A count that is not a whole number (count="abc") is recounted below.
          this.count = count === undefined ? undefined : /^\s*\d+\s*$/.test(count) ? Number(count) : Number.NaN;
        }
        if (e.path.length === 1 && e.name === 'si') {
          parts = [];
          plain = true;
        }
        if (e.path.length === 2 && (e.name === 'r' || e.name === 'rPh')) plain = false;
      },
      close: (e, _end, closeStart) => {
        if (e.path.length === 0) this.rootClose = closeStart;
        if (e.path.length === 1 && e.name === 'si') {
          if (this.strings.length >= maxStrings) throw new FileLimitError('sharedStrings', "The workbook's shared strings part");
          const whole = unescapeExcelText(parts.join(''));
          // Cut once here to what a cell can hold: every cell that shows it shares the cut text.
          const text = cellText(whole);
          // Used again for plain text only: a rich string with the same characters keeps its own
          // runs, and a cut one is not the text a new cell would hold.
          if (plain && text === whole && !this.index.has(text)) this.index.set(text, this.strings.length);
          this.strings.push(text);
        }
      },
      text: (text, path) => collectText(path, text, parts),
    });
    // Counting every reference would mean reading every sheet; each string is used at least once.
    if (Number.isNaN(this.count)) this.count = this.strings.length;
  }

  /** The index of a plain string, appended when the part does not hold it yet. */
  indexOf(text: string): number {
    this.referencesAdded++;
    const known = this.index.get(text);
    if (known !== undefined) return known;
    const at = this.strings.length;
    this.strings.push(text);
    this.index.set(text, at);
    this.added.push(text);
    return at;
  }

  /** A cell that referred to a shared string no longer does. */
  release(): void {
    this.referencesAdded--;
  }

  get changed(): boolean {
    return this.added.length > 0 || this.referencesAdded !== 0;
  }

  /** The part's text with the new strings appended and its counts updated. */
  toXml(): string {
    const p = this.prefix;
    const items = this.added.map((text) => `<${p}si><${p}t${/^\s|\s$|[\n\t]/.test(text) ? ' xml:space="preserve"' : ''}>${escapeText(escapeExcelText(text))}</${p}t></${p}si>`).join('');
    const unique = this.strings.length;
    if (this.xml === undefined) {
      return `${XML_HEAD}<sst xmlns="${this.mainNamespace}" count="${Math.max(0, this.referencesAdded)}" uniqueCount="${unique}">${items}</sst>`;
    }
    let tag = this.xml.slice(this.rootStart, this.rootOpenEnd);
    if (this.rootSelfClosing) tag = `${tag.slice(0, -2).replace(/\s+$/, '')}>`;
    if (this.count !== undefined) tag = setAttributeInTag(tag, 'count', String(Math.max(unique, this.count + this.referencesAdded)));
    if (/\suniqueCount\s*=/.test(tag)) tag = setAttributeInTag(tag, 'uniqueCount', String(unique));
    const edits: TextEdit[] = [{ start: this.rootStart, end: this.rootOpenEnd, text: tag }];
    const at = this.rootSelfClosing ? this.rootOpenEnd : this.rootClose;
    edits.push({ start: at, end: at, text: items + (this.rootSelfClosing ? `</${p}sst>` : '') });
    return applyEdits(this.xml, edits);
  }
}
