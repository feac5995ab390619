import type { SummarySheet } from '../../core/report/sheet-layout';
import { formatTextTable } from '../table-text';
import { sectionsOf } from './sections';

/**
 * The summary as text for a terminal or a CI log: the title and its lines, then each table of the
 * layout (the cells the PartSpec Summary sheet holds), numbers as they are.
 */
export function formatTextReport(layout: SummarySheet): string {
  const document = sectionsOf(layout);
  const out = [document.title, ...document.lines, ''];
  for (const section of document.sections) {
    out.push(section.title);
    const width = section.rows.reduce((most, r) => Math.max(most, r.length), section.header.length);
    const header = Array.from({ length: width }, (_, c) => section.header[c] ?? '');
    out.push(formatTextTable(header, section.rows.map((row) => header.map((_, c) => String(row[c] ?? '')))));
  }
  return `${out.join('\n').trimEnd()}\n`;
}
