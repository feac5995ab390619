import { typedCellOf, aboutCellType } from '../../ooxml/typed-cells';
import { sheetCells, type PortfolioCell, type PortfolioSheet } from '../../core/portfolio/layout';
import type { Portfolio } from '../../core/portfolio/types';
import { portfolioWords, type PortfolioWords } from '../../core/portfolio/words';
import type { Lang } from '../../api/vocabulary';
import { writeNewWorkbook } from '../../node/files/xlsx';
import { renderChartSvg } from '../report/chart-svg';
import { escapeHtml, htmlPage } from '../report/html-report';
import { formatTextTable } from '../table-text';

/*
 * The views of a portfolio, each rendered from the one layout (core/portfolio/layout.ts): the
 * terminal's tables, a self-contained HTML page (no script, nothing fetched, every text escaped)
 * and a new workbook with the three sheets and their native charts.
 */

/** The line under the title: how many BOMs, parts and lookups, and when. */
function describePortfolio(portfolio: Portfolio, w: PortfolioWords): string {
  const rows = portfolio.boms.reduce((sum, b) => sum + b.rows, 0);
  return w.describe(portfolio.boms.length, rows, portfolio.parts.length, portfolio.lookedUp, portfolio.asOf);
}

/** The portfolio as text for a terminal or a CI log: each sheet's table, then its side table. */
export function formatPortfolioText(portfolio: Portfolio, sheets: readonly PortfolioSheet[], lang: Lang = 'en'): string {
  const w = portfolioWords(lang);
  const text = (cell: PortfolioCell): string => (cell === undefined ? '' : String(cell));
  const out = [w.title, describePortfolio(portfolio, w), ...(portfolio.synthetic ? [w.synthetic] : []), ''];
  for (const sheet of sheets) {
    out.push(sheet.name, sheet.rows.length === 0 ? `${w.none}\n` : formatTextTable(sheet.header, sheet.rows.map((row) => sheet.header.map((_, c) => text(row[c])))));
    out.push(formatTextTable(sheet.side.header, sheet.side.rows.map((row) => sheet.side.header.map((_, c) => text(row[c])))));
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function tableHtml(header: readonly string[], rows: readonly (readonly PortfolioCell[])[]): string {
  const cell = (value: PortfolioCell): string => (typeof value === 'number' ? `<td class="num">${value}</td>` : `<td>${escapeHtml(value ?? '')}</td>`);
  const body = rows.map((row) => `<tr>${header.map((_, c) => cell(row[c])).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The portfolio as one self-contained page: each sheet's table, its side table beside its chart as SVG. */
export function renderPortfolioHtml(portfolio: Portfolio, sheets: readonly PortfolioSheet[], lang: Lang = 'en'): string {
  const w = portfolioWords(lang);
  const sections = sheets.map((sheet) => {
    const chart = renderChartSvg(sheet.chart, sheetCells(sheet));
    return `<section data-sheet="${escapeHtml(sheet.name)}">\n<h2>${escapeHtml(sheet.name)}</h2>\n<div class="pair">${tableHtml(sheet.side.header, sheet.side.rows)}\n<figure>${chart}</figure></div>\n${tableHtml(sheet.header, sheet.rows)}\n</section>`;
  });
  return htmlPage(lang, w.title, [
    `<p class="meta">${escapeHtml(describePortfolio(portfolio, w))}</p>`,
    ...(portfolio.synthetic ? [`<p class="meta synthetic">${escapeHtml(w.synthetic)}</p>`] : []),
    ...sections,
  ]);
}

/** Writes the portfolio's workbook: the three sheets, headers bold and filtered, each with its chart. */
export async function writePortfolioWorkbook(file: string, sheets: readonly PortfolioSheet[]): Promise<void> {
  await writeNewWorkbook(
    file,
    sheets.map((sheet) => {
      const cells = sheetCells(sheet);
      const headerColumns = new Set([...sheet.header.keys(), ...sheet.side.header.map((_, i) => sheet.side.column + i)]);
      return {
        name: sheet.name,
        rows: cells.map((row, r) => Array.from(row, (value, c) => {
          const cell = value === undefined ? undefined : typedCellOf(value, aboutCellType(value));
          return cell && r === 0 && headerColumns.has(c) ? { ...cell, bold: true } : cell;
        })),
        options: { widths: [...sheet.widths, 2, ...sheet.side.header.map((_, i) => (i === 0 ? 24 : 8))], frozenRows: 1 },
        autoFilterColumns: sheet.header.length,
        charts: { charts: [sheet.chart], cells },
      };
    }),
  );
}
