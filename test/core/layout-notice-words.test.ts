/**
 * How the part-number column was found is said in the run's language: each kind of notice in ja
 * and zh holds no English word (only the column letters, cells and the BOM's own headers), and
 * the English sentence is the one the layout's `note` carries.
 */
import { describeLayoutNotice } from '../../core/bom/layout-notes';
import type { LayoutNotice } from '../../core/bom/layout-types';
import { detectBomLayout } from '../../core/bom/bom';

const NOTICES: readonly LayoutNotice[] = [
  { kind: 'content', column: 2, header: 'Teile', from: 'C2' },
  { kind: 'shift', column: 3, partHeader: 'Teile', shift: 1 },
  { kind: 'shift', column: 1, partHeader: 'Teile', shift: -1 },
  { kind: 'emptyBeside', column: 4, named: 'Teile', namedColumn: 3 },
  { kind: 'fewParts', column: 4, header: 'Artikel', named: 'Teile', namedColumn: 1 },
];

test.each(['ja', 'zh'] as const)('every layout notice in %s names the columns and headers and no English word', (lang) => {
  for (const notice of NOTICES) {
    const text = describeLayoutNotice(notice, lang);
    expect(text).toContain('Teile');
    expect(text.replace(/Teile|Artikel|PartSpec|\b[A-E]\d*\b/g, ' ').match(/[A-Za-z]{2,}/g)).toBeNull();
  }
});

test("a layout's note is its notice in English", () => {
  const values = [
    ['Item', 'Part Number', 'Teile'],
    ['1', '', 'GRM155R71C104KA88D'],
    ['2', '', 'GRM188R71H104KA93D'],
    ['3', '', 'GRM21BR61E106KA73L'],
    ['4', '', 'GRM155R61A105KE15D'],
  ];
  const found = detectBomLayout({ values, origin: { row: 0, column: 0 } });
  if (!found.ok || !found.notice) throw new Error(`no notice: ${JSON.stringify(found)}`);
  expect(found.note).toBe(describeLayoutNotice(found.notice, 'en'));
  expect(describeLayoutNotice(found.notice, 'ja')).toContain('C 列');
});
