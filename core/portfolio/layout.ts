/*
 * The portfolio as three tables, computed once for every view: the workbook's sheets (Parts in
 * use, Where used, At risk, each with a native chart over a small side table), the HTML page's
 * tables and SVG charts, and the terminal's tables. Pure: cells and chart blocks, no writer.
 */
import type { SheetBlock, SummaryChart } from '../report/sheet-layout';
import { visibleValue } from '../visible-text';
import { findAllowedValue, type Lang } from '../../api/vocabulary';
import { riskLevelText } from '../cells/risk-levels';
import { RISK_BUCKETS, type Portfolio, type PortfolioPart } from './types';
import { bucketWord, portfolioWords, type PortfolioWords } from './words';
import { checkWords, ruleLabel } from '../rules/check-words';

export type PortfolioCell = string | number | undefined;

/** A chart of a portfolio sheet, over its side table's cells. */
export type PortfolioChart = Omit<SummaryChart, 'name'> & { name: string };

/** One sheet: its table from A1 (header, rows), and a side table right of it with the chart drawn from it. */
export interface PortfolioSheet {
  name: string;
  header: readonly string[];
  rows: readonly (readonly PortfolioCell[])[];
  /** Widths of the table's columns, in characters. */
  widths: readonly number[];
  side: { column: number; header: readonly string[]; rows: readonly (readonly PortfolioCell[])[] };
  chart: PortfolioChart;
}


/** `file` or `file#sheet` when the file has BOMs on several sheets: how a BOM is named in a cell. */
function bomNamer(portfolio: Portfolio): (file: string, sheet: string) => string {
  const sheets = new Map<string, number>();
  for (const bom of portfolio.boms) sheets.set(bom.file, (sheets.get(bom.file) ?? 0) + 1);
  return (file, sheet) => ((sheets.get(file) ?? 0) > 1 ? `${file}#${sheet}` : file);
}

/** The replacements of a part in one cell: each candidate, marked drop-in or with what differs. */
function insteadText(part: PortfolioPart, w: PortfolioWords): string {
  return part.instead.map((c) => (c.dropIn ? `${c.partno} (${w.dropIn})` : c.differs.length > 0 ? `${c.partno} (${c.differs.join('; ')})` : c.partno)).join(', ');
}

/** Text from a BOM or the service as a view shows it (hidden characters written out). */
const shown = (value: PortfolioCell): PortfolioCell => visibleValue(value);

function chartOver(side: PortfolioSheet['side'], title: string, kind: PortfolioChart['kind'], name: string): PortfolioChart {
  const categories: SheetBlock = { row: 1, column: side.column, rows: side.rows.length, columns: 1 };
  const series = side.header.slice(1).map((header, i) => ({ name: header, values: { row: 1, column: side.column + i + 1, rows: side.rows.length, columns: 1 } }));
  return { name, kind, title, categories, series, anchor: { row: side.rows.length + 2, column: side.column, rows: 16, columns: 7 } };
}

/** The words of one language, and how a risk level is written in it. */
interface Speech {
  w: PortfolioWords;
  level: (level: PortfolioPart['risk']) => string | undefined;
  lang: Lang;
}

/** A line's checks in one cell, as the Checks column writes them: the worst level, then each distinct check. */
function checksText(part: PortfolioPart, { lang }: Speech): string | undefined {
  if (!part.checks) return undefined;
  const words = checkWords(lang);
  const said = [...new Set(part.checks.said.map((c) => `${ruleLabel(c.rule, lang)}${c.waived ? ` (${words.waived})` : ''}: ${c.sentence}`))];
  return `${words.levels[part.checks.level]} — ${said.join('; ')}`;
}

/** A lifecycle status as `lang` writes it (the portfolio's JSON keeps the API's English value). */
const statusIn = (status: string | undefined, lang: Lang): string | undefined => (status === undefined ? undefined : (findAllowedValue('Status', status)?.[lang] ?? status));

function partsSheet(portfolio: Portfolio, nameOf: (file: string, sheet: string) => string, speech: Speech): PortfolioSheet {
  const { w, level, lang } = speech;
  const rows = portfolio.parts.map((part) => [
    shown(part.partNumber),
    w.kinds[part.kind],
    statusIn(part.status, lang) ?? (part.kind === 'part' && !part.found ? w.notFound : undefined),
    level(part.risk),
    shown(part.reason),
    part.lastBuy,
    part.boms.length,
    shown(part.boms.map((b) => `${nameOf(b.file, b.sheet)} ×${b.quantityPerBoard}`).join(', ')),
    part.demand,
    part.minOrderQuantity,
    part.lastTimeBuy ?? (part.tooLate ? w.tooLate : undefined),
    shown(insteadText(part, w)),
    shown(part.suggestion ? `${part.suggestion.partno} — ${part.suggestion.why}` : undefined),
    shown(checksText(part, speech)),
  ]);
  const header = [...w.parts, w.checks];
  const side = { column: header.length + 1, header: [w.side.risk, w.side.parts], rows: RISK_BUCKETS.map((bucket) => [bucketWord(bucket, lang), portfolio.byRisk[bucket]]) };
  return { name: w.sheets.parts, header, rows, widths: [22, 13, 16, 9, 40, 11, 6, 40, 10, 10, 13, 40, 40, 40], side, chart: chartOver(side, w.charts.byRisk, 'bar', 'PartSpecPortfolioRisk') };
}

function whereSheet(portfolio: Portfolio, { w }: Speech): PortfolioSheet {
  const rows: PortfolioCell[][] = [];
  for (const part of portfolio.parts) {
    for (const use of part.uses) {
      const builds = part.boms.find((b) => b.file === use.file && b.sheet === use.sheet)?.builds ?? 1;
      rows.push([shown(part.partNumber), shown(use.file), shown(use.sheet), use.sheetRow, shown(use.written), shown(use.designators.join(', ')), use.quantity, builds, use.quantity * builds]);
    }
  }
  const side = { column: w.where.length + 1, header: [w.side.bom, w.side.parts, w.side.builds], rows: portfolio.boms.map((b) => [shown(`${b.file}#${b.sheet}`), b.parts, b.builds]) };
  return { name: w.sheets.where, header: w.where, rows, widths: [22, 24, 14, 6, 22, 30, 12, 9, 10], side, chart: chartOver({ ...side, header: side.header.slice(0, 2) }, w.charts.perBom, 'bar', 'PartSpecPortfolioBoms') };
}

function riskSheet(portfolio: Portfolio, nameOf: (file: string, sheet: string) => string, { w, level, lang }: Speech): PortfolioSheet {
  const atRisk = portfolio.parts.filter((p) => p.risk === 'EOL' || p.risk === 'Risk');
  const rows = atRisk.map((part) => [
    shown(part.partNumber),
    level(part.risk),
    shown(part.reason),
    statusIn(part.status, lang),
    part.lastBuy,
    part.demand,
    part.minOrderQuantity,
    part.lastTimeBuy ?? (part.tooLate ? w.tooLate : undefined),
    shown(insteadText(part, w)),
    shown(part.uses.map((u) => `${nameOf(u.file, u.sheet)} ${w.row(u.sheetRow)}`).join(', ')),
  ]);
  const perBom = portfolio.boms.map((bom) => {
    const uses = (level: string): number => atRisk.filter((p) => p.risk === level && p.boms.some((b) => b.file === bom.file && b.sheet === bom.sheet)).length;
    return [shown(nameOf(bom.file, bom.sheet)), uses('EOL'), uses('Risk')];
  });
  const side = { column: w.risk.length + 1, header: [w.side.bom, level('EOL')!, level('Risk')!], rows: perBom };
  return { name: w.sheets.risk, header: w.risk, rows, widths: [22, 7, 40, 16, 11, 10, 10, 13, 40, 40], side, chart: chartOver(side, w.charts.atRisk, 'stackedBar', 'PartSpecPortfolioAtRisk') };
}

/** The three sheets of the portfolio, in the workbook's order, in `lang`'s words. */
export function layoutPortfolio(portfolio: Portfolio, lang: Lang = 'en'): PortfolioSheet[] {
  const nameOf = bomNamer(portfolio);
  const speech: Speech = { w: portfolioWords(lang), level: (risk) => (risk === undefined ? undefined : riskLevelText(risk, lang)), lang };
  return [partsSheet(portfolio, nameOf, speech), whereSheet(portfolio, speech), riskSheet(portfolio, nameOf, speech)];
}

/** Every cell of a sheet from A1: the table, and the side table beside it (what the chart reads). */
export function sheetCells(sheet: PortfolioSheet): PortfolioCell[][] {
  const height = Math.max(sheet.rows.length, sheet.side.rows.length) + 1;
  const cells: PortfolioCell[][] = Array.from({ length: height }, () => []);
  [sheet.header, ...sheet.rows].forEach((row, r) => row.forEach((cell, c) => (cells[r][c] = cell)));
  [sheet.side.header, ...sheet.side.rows].forEach((row, r) => row.forEach((cell, c) => (cells[r][sheet.side.column + c] = cell)));
  return cells;
}
