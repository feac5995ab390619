/*
 * The Parts in use table as the add-in writes it for the open workbook: the command line's Parts in
 * use sheet (core/portfolio/layout.ts), the same lines and columns, with one more column saying
 * where each part is used (sheet and 1-based row), since the workbook gets no Where used sheet.
 */
import type { SheetBlock } from '../report/sheet-layout';
import { visibleValue } from '../visible-text';
import { layoutPortfolio, type PortfolioSheet } from './layout';
import type { Lang } from '../../api/vocabulary';
import type { Portfolio } from './types';
import { portfolioWords } from './words';

const shifted = (block: SheetBlock): SheetBlock => ({ ...block, column: block.column + 1 });

/** The Parts in use sheet of the portfolio with a Where used column after its own (its side table and chart one column further right). */
export function layoutWorkbookParts(portfolio: Portfolio, lang: Lang = 'en'): PortfolioSheet {
  const [parts] = layoutPortfolio(portfolio, lang);
  const w = portfolioWords(lang);
  // The layout's rows are the portfolio's parts, in order.
  const rows = parts.rows.map((row, i) => [...row, visibleValue(portfolio.parts[i].uses.map((u) => `${u.sheet} ${w.row(u.sheetRow)}`).join(', '))]);
  const { chart } = parts;
  return {
    ...parts,
    header: [...parts.header, w.sheets.where],
    rows,
    widths: [...parts.widths, 40],
    side: { ...parts.side, column: parts.side.column + 1 },
    chart: { ...chart, categories: shifted(chart.categories), series: chart.series.map((s) => ({ ...s, values: shifted(s.values) })), anchor: shifted(chart.anchor) },
  };
}
