import type { Lang } from '../../api/vocabulary';
import { SUMMARY_LOCALES } from '../../core/report/labels';
import type { PackCell, PackLayout } from '../../core/compliance/pack-layout';
import { refuseDocumentUrl } from '../../node/compliance/documents';
import { escapeHtml, htmlPage } from '../report/html-report';

/*
 * The compliance pack as one self-contained page, in the report's style: the same tables as the
 * workbook. Every text is escaped; an address becomes a link only when it is one PartSpec would
 * fetch (https, or http to this machine), so no other scheme is ever clickable.
 */

function cellHtml(cell: PackCell, numbers: Intl.NumberFormat, localPath?: (url: string) => string | undefined): string {
  if (cell === undefined) return '<td></td>';
  if (typeof cell === 'number') return `<td class="num">${escapeHtml(numbers.format(cell))}</td>`;
  if (typeof cell === 'string') return `<td>${escapeHtml(cell)}</td>`;
  const href = localPath?.(cell.link) ?? (refuseDocumentUrl(cell.link) === undefined ? cell.link : undefined);
  return href === undefined ? `<td>${escapeHtml(cell.link)}</td>` : `<td><a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(cell.link)}</a></td>`;
}

/** The page; `localPath` names the fetched copy of a document, which the page then links to instead. */
export function renderPackHtml(layout: PackLayout, lang: Lang, localPath?: (url: string) => string | undefined): string {
  const numbers = new Intl.NumberFormat(SUMMARY_LOCALES[lang]);
  const sections = layout.tables.map((table) => {
    const head = `<thead><tr>${table.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
    const body = table.rows.map((row) => `<tr>${table.header.map((_, c) => cellHtml(row[c], numbers, localPath)).join('')}</tr>`).join('\n');
    return `<section>\n<h2>${escapeHtml(table.name)}</h2>\n<table>${head}<tbody>\n${body}\n</tbody></table>\n</section>`;
  });
  return htmlPage(lang, layout.title, [...layout.lines.map((line) => `<p class="meta">${escapeHtml(line)}</p>`), ...sections]);
}
