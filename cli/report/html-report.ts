import type { Lang } from '../../api/vocabulary';
import { formatDay, SUMMARY_LOCALES } from '../../core/report/labels';
import { visibleText } from '../../core/visible-text';
import type { SummarySheet } from '../../core/report/sheet-layout';
import { renderChartSvg } from './chart-svg';
import { sectionsOf, type SummaryCell } from './sections';

/*
 * The report as one self-contained HTML page: no script, no font, image or style sheet from
 * anywhere, so it reads the same in a mail client, a CI artifact viewer and on paper. Light and
 * dark follow the reader's setting; printing keeps each table and chart on one page where it can.
 * Every text from the BOM or the service is escaped, and no character in it hides or reorders
 * what it shows.
 */


const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a quoted attribute, bidirectional and zero-width characters written out (visibleText). */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The report's style sheet (light and dark, printable), shared by every page the command line writes. */
const PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --line: #d0d7de; --head: #f6f8fa; --warn: #9a6700; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --line: #30363d; --head: #161b22; --warn: #d29922; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; }
p.meta { color: var(--muted); margin: 2px 0; }
p.synthetic { color: var(--warn); font-weight: 600; }
section { break-inside: avoid; page-break-inside: avoid; }
.pair { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.pair > table { flex: 1 1 320px; }
figure { margin: 0; flex: 0 1 640px; }
figure svg { width: 100%; height: auto; }
figure svg text { fill: var(--fg); }
figure svg text[stroke] { stroke: var(--bg); }
figure svg path[stroke="#E0E6F1"], figure svg path[stroke="#dbdee4"] { stroke: var(--line); }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
@media print { body { max-width: none; padding: 0; } h2 { break-after: avoid; } }
`;

/** How the page writes numbers and days (a `YYYY-MM-DD` cell) in its language. */
interface PageFormats {
  numbers: Intl.NumberFormat;
  day: (text: string) => string;
}

function cellHtml(value: SummaryCell, formats: PageFormats): string {
  if (typeof value === 'number') return `<td class="num">${escapeHtml(formats.numbers.format(value))}</td>`;
  const text = value ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `<td><time datetime="${text}">${escapeHtml(formats.day(text))}</time></td>` : `<td>${escapeHtml(text)}</td>`;
}

function tableHtml(header: readonly string[], rows: readonly (readonly SummaryCell[])[], formats: PageFormats): string {
  const width = rows.reduce((most, r) => Math.max(most, r.length), header.length);
  const head = header.length === 0 ? '' : `<thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = rows.map((row) => `<tr>${Array.from({ length: width }, (_, c) => cellHtml(row[c], formats)).join('')}</tr>`).join('\n');
  return `<table>${head}<tbody>\n${body}\n</tbody></table>`;
}

/**
 * The HTML page of a summary layout (the one the PartSpec Summary sheet is written from), its
 * numbers and days in the locale of `lang`, its charts as inline SVG.
 */
export function renderHtmlReport(layout: SummarySheet, lang: Lang, options: { synthetic?: boolean } = {}): string {
  const document = sectionsOf(layout);
  const formats: PageFormats = { numbers: new Intl.NumberFormat(SUMMARY_LOCALES[lang]), day: (text) => formatDay(text, lang) };
  const lines = document.lines.map((line, i) => `<p class="${options.synthetic && i === document.lines.length - 1 ? 'meta synthetic' : 'meta'}">${escapeHtml(line)}</p>`);
  const sections = document.sections.map((section) => {
    const table = tableHtml(section.header, section.rows, formats);
    const chart = section.chart ? `<figure>${renderChartSvg(section.chart, layout.cells)}</figure>` : '';
    return `<section>\n<h2>${escapeHtml(section.title)}</h2>\n${chart ? `<div class="pair">${table}\n${chart}</div>` : table}\n</section>`;
  });
  return htmlPage(lang, document.title, [...lines, ...sections]);
}

/** A whole page in the report's style: its title (escaped) as the title and the heading, then `body` (HTML already escaped). */
export function htmlPage(lang: Lang, title: string, body: readonly string[]): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
