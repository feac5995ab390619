/*
 * Parts in use across BOMs: every BOM's rows (as the summary sees them, one lookup for all) folded
 * into one line per part, with where each is used, what each BOM needs of it for the plan, and the
 * one last-time-buy quantity for the whole plan. Pure: the same rows give the same view in every
 * shell. The rules are the report's own (risk, end dates, minimum orders, replacements).
 */
import type { Lang } from '../../api/vocabulary';
import { readStatus } from '../../api/status';
import { RISK_LEVELS, rowRisk } from '../cells/risk';
import { isSyntheticProduct } from '../cells/synthetic';
import { toCalendarDay } from '../dates';
import { REPLACEMENT_RISK_LEVELS } from '../enrich/replacement-cells';
import { foldCase } from '../fold';
import { parseQuantity, quantityPerBoard } from '../report/quantities';
import { endDateOf, insteadOf, lastTimeBuyOf, minOrderOf, summarizeBom } from '../report/summary';
import { productsOf, type Instead, type SummaryRow } from '../report/types';
import { DEFAULT_RULES } from '../rules/default-rules';
import { bomChecksOf, judgeRows } from '../rules/judge';
import type { BomRules, LineChecks } from '../rules/types';
import { RISK_BUCKETS, type Portfolio, type PortfolioBom, type PortfolioBomDemand, type PortfolioChecks, type PortfolioKind, type PortfolioPart, type PortfolioSuggestion, type PortfolioUse, type RiskBucket } from './types';

export interface PortfolioOptions {
  today: Date;
  /** Language of the risk reasons and of what differs in a candidate. @default 'en' */
  lang?: Lang;
  fetchedAt?: string;
  /** Suggestions by portfolioKey, for other makers' numbers and generic lines. */
  suggestions?: ReadonlyMap<string, PortfolioSuggestion>;
  /** Distinct part numbers looked up. */
  lookedUp: number;
  /** The team's rules every row is judged by, as `report` judges a BOM. @default the shipped rules */
  rules?: BomRules;
}

/** What a row of a BOM is in the portfolio, or undefined for a row that places nothing (blank, not fitted, a total). */
function kindOf(row: SummaryRow): PortfolioKind | undefined {
  if (row.kind === 'part') return 'part';
  if (row.kind === 'otherMaker') return 'otherMaker';
  if (row.kind === 'blank' && (row.text ?? '') !== '') return 'generic';
  return undefined;
}

/**
 * The key that makes rows of several BOMs one portfolio line: the part number in any letter case
 * (the maker's, or another maker's), or a generic line's words in any case and spacing (`100n 0402`
 * and `100N  0402` are one line; `1.0uF` and `10uF` are not).
 */
export function portfolioKey(row: SummaryRow): string | undefined {
  const kind = kindOf(row);
  if (kind === undefined) return undefined;
  return kind === 'generic' ? `generic:${foldCase(row.text).replace(/\s+/g, ' ')}` : `${kind}:${row.partNumber.toUpperCase()}`;
}

/** Placed per board on a row: a part's quantity (cell, designators, else 1); a generic line only what it says. */
function placedOf(row: SummaryRow, kind: PortfolioKind): number {
  return kind === 'generic' ? (parseQuantity(row.quantity) ?? row.designators.length) : quantityPerBoard(row.quantity, row.designators);
}

interface Gathered {
  kind: PortfolioKind;
  first: SummaryRow;
  rows: SummaryRow[];
  uses: PortfolioUse[];
  boms: Map<string, PortfolioBomDemand>;
}

/** Order of the lines: risk worst first, then lines with no risk level; within each, the biggest demand first. */
function rankOf(part: PortfolioPart): number {
  if (part.risk) return RISK_LEVELS.indexOf(part.risk);
  if (part.kind === 'part') return RISK_LEVELS.length;
  return RISK_LEVELS.length + (part.kind === 'otherMaker' ? 1 : 2);
}

/** The view of parts in use across `boms`, each BOM's demand counted with its builds. */
export function buildPortfolio(boms: readonly PortfolioBom[], options: PortfolioOptions): Portfolio {
  const today = toCalendarDay(options.today);
  const lang = options.lang ?? 'en';
  const gathered = new Map<string, Gathered>();
  const partsPerBom = boms.map(() => new Set<string>());
  const rules = options.rules ?? DEFAULT_RULES;
  const checksOf = new Map<string, PortfolioChecks['said'][number][]>();
  boms.forEach((bom, b) => {
    // Each BOM is judged as `report` judges it: its own builds and automotive decision.
    const automotive = summarizeBom(bom.rows, { today, builds: bom.builds }).automotive;
    const judged = judgeRows(bom.rows, rules, { today, builds: bom.builds, automotive, sheet: bom.sheet, lang });
    bom.rows.forEach((row, r) => {
      const key = portfolioKey(row);
      const line = judged[r];
      if (key === undefined || !line || line.checks.length === 0) return;
      const said = checksOf.get(key) ?? [];
      said.push(...line.checks.map((c) => ({ ...c, file: bom.file, sheet: bom.sheet, sheetRow: row.sheetRow })));
      checksOf.set(key, said);
    });
    for (const row of bom.rows) {
      const kind = kindOf(row);
      const key = portfolioKey(row);
      if (kind === undefined || key === undefined) continue;
      partsPerBom[b].add(key);
      let entry = gathered.get(key);
      if (!entry) {
        entry = { kind, first: row, rows: [], uses: [], boms: new Map() };
        gathered.set(key, entry);
      }
      const quantity = placedOf(row, kind);
      entry.rows.push(row);
      entry.uses.push({ file: bom.file, sheet: bom.sheet, sheetRow: row.sheetRow, written: kind === 'generic' ? (row.text ?? '') : row.partNumber, designators: row.designators, quantity });
      const bomKey = `${bom.file}\u0000${bom.sheet}`;
      const demand = entry.boms.get(bomKey) ?? { file: bom.file, sheet: bom.sheet, quantityPerBoard: 0, builds: bom.builds, demand: 0 };
      demand.quantityPerBoard += quantity;
      demand.demand = demand.quantityPerBoard * demand.builds;
      entry.boms.set(bomKey, demand);
    }
  });

  let synthetic = false;
  const parts: PortfolioPart[] = [];
  for (const [key, entry] of gathered) {
    const bomDemands = [...entry.boms.values()];
    const demand = bomDemands.reduce((sum, d) => sum + d.demand, 0);
    const products = productsOf(entry.first);
    const part: PortfolioPart = {
      partNumber: entry.kind === 'generic' ? (entry.first.text ?? '') : entry.first.partNumber,
      kind: entry.kind,
      found: products.length > 0,
      uses: entry.uses,
      boms: bomDemands,
      demand,
      instead: [],
    };
    if (products.length > 0) {
      synthetic ||= products.some(isSyntheticProduct);
      part.status = readStatus(products[0]).status;
      const end = endDateOf(products);
      if (end) {
        part.lastBuy = end.text.slice(0, 10);
        part.lastBuyField = end.field;
      }
      const minOrder = minOrderOf(products);
      if (minOrder !== undefined) part.minOrderQuantity = minOrder;
      const judged = rowRisk(entry.first.outcome, today, lang);
      if (judged.ok) {
        part.risk = judged.value.level;
        part.reason = judged.value.reason;
      }
      if (part.risk && REPLACEMENT_RISK_LEVELS.includes(part.risk)) {
        // EOL is a status of Discontinued or a date passed: nothing is left to buy, only to replace.
        if (part.risk === 'EOL') part.tooLate = true;
        else part.lastTimeBuy = lastTimeBuyOf(demand, 1, minOrder);
        const seen = new Set<string>();
        const instead: Instead[] = [];
        for (const row of entry.rows) {
          for (const candidate of insteadOf(row, products, lang)) {
            if (!seen.has(candidate.partno)) instead.push(candidate);
            seen.add(candidate.partno);
          }
        }
        part.instead = instead;
      }
    }
    const said = checksOf.get(key);
    if (said) part.checks = { level: LEVELS.find((l) => said.some((c) => !c.waived && c.level === l)) ?? 'ok', said };
    const suggestion = options.suggestions?.get(key);
    if (suggestion && (entry.kind !== 'part' || !part.found)) part.suggestion = suggestion;
    parts.push(part);
  }
  parts.sort((a, b) => rankOf(a) - rankOf(b) || b.demand - a.demand || a.partNumber.localeCompare(b.partNumber));

  const byRisk = Object.fromEntries(RISK_BUCKETS.map((bucket) => [bucket, 0])) as Record<RiskBucket, number>;
  for (const part of parts) {
    if (part.risk) byRisk[part.risk] += 1;
    else if (part.kind === 'otherMaker') byRisk['Other maker'] += 1;
    else if (part.kind === 'generic') byRisk.Generic += 1;
    else if (!part.found) byRisk['Not found'] += 1;
    else byRisk.Unknown += 1;
  }
  // One line per portfolio line with a check, at its first row, so the counts are of parts.
  const lines: LineChecks[] = parts.flatMap((p) => (p.checks ? [{ sheetRow: p.uses[0]?.sheetRow ?? 0, partNumber: p.partNumber, level: p.checks.level, checks: p.checks.said }] : []));
  return {
    boms: boms.map((bom, b) => ({ file: bom.file, sheet: bom.sheet, builds: bom.builds, rows: bom.rows.length, parts: partsPerBom[b].size })),
    parts,
    byRisk,
    lookedUp: options.lookedUp,
    asOf: today.toISOString().slice(0, 10),
    ...(options.fetchedAt ? { fetchedAt: options.fetchedAt } : {}),
    synthetic,
    checks: bomChecksOf(lines, rules),
  };
}

const LEVELS = ['fatal', 'error', 'warning'] as const;
