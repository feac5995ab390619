import { insertChild, WORKSHEET_ORDER } from './schema-order';
import type { SheetScan } from './sheet-scan';
import { removeAttributeInTag, setAttributeInTag, type TextEdit } from './xml-scan';

/*
 * The `<cols>` of a patched sheet: each new column gets a width of its own, and a `<col>` range
 * that covers it is split around it, so the columns beside it keep theirs.
 */

/** `<col>` entries giving each new column its width; a range covering it is split around it. */
export function columnEdits(scan: SheetScan, widths: ReadonlyMap<number, number>): TextEdit[] {
  if (widths.size === 0) return [];
  const p = scan.prefix;
  let cols = scan.cols.map((c) => ({ min: c.min, max: c.max, tag: c.tag }));
  for (const [column, width] of widths) {
    const n = column + 1;
    const own = (tag: string): string => {
      let t = setAttributeInTag(setAttributeInTag(setAttributeInTag(setAttributeInTag(tag, 'min', String(n)), 'max', String(n)), 'width', String(width)), 'customWidth', '1');
      t = removeAttributeInTag(t, 'hidden');
      return t.endsWith('/>') ? t : `${t.slice(0, -1).replace(/\s+$/, '')}/>`;
    };
    const at = cols.findIndex((c) => c.min <= n && n <= c.max);
    if (at < 0) {
      const entry = { min: n, max: n, tag: own(`<${p}col/>`) };
      const after = cols.findIndex((c) => c.min > n);
      cols.splice(after < 0 ? cols.length : after, 0, entry);
      continue;
    }
    const c = cols[at];
    const pieces = [];
    if (c.min < n) pieces.push({ min: c.min, max: n - 1, tag: setAttributeInTag(c.tag, 'max', String(n - 1)) });
    pieces.push({ min: n, max: n, tag: own(c.tag) });
    if (n < c.max) pieces.push({ min: n + 1, max: c.max, tag: setAttributeInTag(c.tag, 'min', String(n + 1)) });
    cols = [...cols.slice(0, at), ...pieces, ...cols.slice(at + 1)];
  }
  // A <col> with content is not something Excel writes; each is one empty element.
  const markup = cols.map((c) => (c.tag.endsWith('/>') ? c.tag : `${c.tag.slice(0, -1).replace(/\s+$/, '')}/>`)).join('');
  const block = scan.blocks.get('cols');
  if (!block) return [insertChild(WORKSHEET_ORDER, scan.children, 'cols', scan.rootClose, `<${p}cols>${markup}</${p}cols>`)];
  return [{ start: block.openEnd, end: block.closeStart, text: markup }];
}
