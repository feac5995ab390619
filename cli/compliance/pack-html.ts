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
  if (href === undefined) return `<td>${escapeHtml(cell.link)}</td>`;
  // The link shows the document's file name (the whole address is its title), so four address columns fit the page.
  return `<td><a href="${escapeHtml(href)}" title="${escapeHtml(cell.link)}" rel="noopener noreferrer">${escapeHtml(shortName(cell.link))}</a></td>`;
}

/** The last part of an address's path (`rohs-directive-certificate.pdf`), or the address when it has none. */
function shortName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || url;
  } catch {
    return url;
  }
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
