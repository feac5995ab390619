import { readValue, type ProductRecord } from '../../api/product';
import { readStatus, UNKNOWN_STATUS } from '../../api/status';
import { addMonths, parseCalendarDate, toCalendarDay } from '../dates';
import { agreedValue, type RowProducts, type RowValue } from './several-products';
import { isSyntheticProduct } from './synthetic';
import type { Lang } from '../../api/vocabulary';
import { RISK_WORDS, type RiskDateField } from './risk-words';

/**
 * Lifecycle risk levels, worst first. Unknown: no level can be told, because the answer is the
 * emulator's synthetic data (a part decoded from its number, whose status and dates are
 * placeholders) or its Status is none of the API's values (`Obsolete`, `EOL`, a new word).
 */
export const RISK_LEVELS = ['EOL', 'Risk', 'Watch', 'Unknown', 'OK'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface RiskAssessment {
  level: RiskLevel;
  /** One short sentence naming the fact that decided the level, in the language asked for (English by default). */
  reason: string;
}

/** A last-buy or production-end date this close (in months) counts as a risk. */
const RISK_HORIZON_MONTHS = 12;

const DATE_FIELDS: readonly RiskDateField[] = ['LastBuyDate', 'ProductionEndDate'];

/**
 * The lifecycle risk of a product, the single rule behind `=PART.RISK`, the enrichment risk column
 * and its highlighting:
 * - EOL: Status Discontinued, or LastBuyDate / ProductionEndDate before today;
 * - Risk: Status NRND or To be discontinued, or one of those dates within 12 months;
 * - Unknown: a Status outside the API's vocabulary, or none (fails closed: never OK);
 * - Watch: Status Under Development;
 * - Unknown: a synthetic product (decoded by the emulator from its number alone), whatever its
 *   placeholder status says: it never passes for an OK part;
 * - OK: Status In Production and no date near.
 * Status is read through the vocabulary (readStatus), so ja/zh data gives the same answer and a
 * near spelling (`nrnd`, `in production`) counts as the value it spells, with a note in the reason.
 * `today` is a local date; only its calendar day counts. A date on today itself is not yet past.
 */
export function assessRisk(product: ProductRecord, today: Date, lang: Lang = 'en'): RiskAssessment {
  const words = RISK_WORDS[lang];
  if (isSyntheticProduct(product)) return { level: 'Unknown', reason: words.synthetic };
  const reading = readStatus(product);
  const status = reading.status;
  const noted = (reason: string): string => (reading.note && reading.written !== undefined && status !== UNKNOWN_STATUS ? `${reason} (${words.readAs(reading.written, status)})` : reason);
  const day = toCalendarDay(today);
  const horizon = addMonths(day, RISK_HORIZON_MONTHS);
  const dates = DATE_FIELDS.flatMap((field) => {
    const raw = readValue(product, field);
    const date = typeof raw === 'string' ? parseCalendarDate(raw) : undefined;
    return date ? [{ field, text: (raw as string).trim().slice(0, 10), date }] : [];
  });

  if (status === 'Discontinued') return { level: 'EOL', reason: noted(words.statusIs(status)) };
  const past = dates.find((d) => d.date.getTime() < day.getTime());
  if (past) return { level: 'EOL', reason: words.passed(past.field, past.text) };
  if (status === 'NRND' || status === 'To be discontinued') return { level: 'Risk', reason: noted(words.statusIs(status)) };
  const soon = dates.find((d) => d.date.getTime() <= horizon.getTime());
  if (soon) return { level: 'Risk', reason: words.within(soon.field, soon.text, RISK_HORIZON_MONTHS) };
  if (status === UNKNOWN_STATUS) return { level: 'Unknown', reason: words.unknown(reading) };
  if (status === 'Under Development') return { level: 'Watch', reason: noted(words.statusIs(status)) };
  return { level: 'OK', reason: noted(words.statusIs(status)) };
}

/**
 * The lifecycle risk of a row, the one rule behind the Risk column, =PART.RISK, the Replacement
 * column, `--fail-on risk` and the summary's parts at risk: the level every product of the row
 * shares (see several-products.ts), with the first product's reason; none when they differ, when
 * the row is an ambiguous prefix, or when nothing was found.
 */
export function rowRisk(row: RowProducts | undefined, today: Date, lang: Lang = 'en'): RowValue<RiskAssessment> {
  const level = agreedValue(row, (product) => assessRisk(product, today).level);
  return level.ok ? { ok: true, value: assessRisk(row!.products[0], today, lang) } : level;
}
