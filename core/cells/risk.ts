import { readValue, type ProductRecord } from '../../api/product';
import { readStatus, UNKNOWN_STATUS } from '../../api/status';
import { addMonths, parseCalendarDate, toCalendarDay } from '../dates';
import { agreedValue, type RowProducts, type RowValue } from './several-products';
import { isSyntheticProduct } from './synthetic';

/**
 * Lifecycle risk levels, worst first. Unknown: no level can be told, because the answer is the
 * emulator's synthetic data (a part decoded from its number, whose status and dates are
 * placeholders) or its Status is none of the API's values (`Obsolete`, `EOL`, a new word).
 */
export const RISK_LEVELS = ['EOL', 'Risk', 'Watch', 'Unknown', 'OK'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface RiskAssessment {
  level: RiskLevel;
  /** One short English sentence naming the fact that decided the level. */
  reason: string;
}

/** A last-buy or production-end date this close (in months) counts as a risk. */
const RISK_HORIZON_MONTHS = 12;

const DATE_FIELDS = [
  { key: 'LastBuyDate', label: 'Last buy date' },
  { key: 'ProductionEndDate', label: 'Production end date' },
] as const;

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
export function assessRisk(product: ProductRecord, today: Date): RiskAssessment {
  if (isSyntheticProduct(product)) return { level: 'Unknown', reason: 'Synthetic data from the PartSpec emulator: its status and dates are placeholders' };
  const reading = readStatus(product);
  const status = reading.status;
  const noted = (reason: string): string => (reading.note && status !== UNKNOWN_STATUS ? `${reason} (${reading.note})` : reason);
  const day = toCalendarDay(today);
  const horizon = addMonths(day, RISK_HORIZON_MONTHS);
  const dates = DATE_FIELDS.flatMap(({ key, label }) => {
    const raw = readValue(product, key);
    const date = typeof raw === 'string' ? parseCalendarDate(raw) : undefined;
    return date ? [{ label, text: (raw as string).trim().slice(0, 10), date }] : [];
  });

  if (status === 'Discontinued') return { level: 'EOL', reason: noted('Status is Discontinued') };
  const past = dates.find((d) => d.date.getTime() < day.getTime());
  if (past) return { level: 'EOL', reason: `${past.label} ${past.text} has passed` };
  if (status === 'NRND') return { level: 'Risk', reason: noted('Status is NRND (not recommended for new designs)') };
  if (status === 'To be discontinued') return { level: 'Risk', reason: noted('Status is To be discontinued') };
  const soon = dates.find((d) => d.date.getTime() <= horizon.getTime());
  if (soon) return { level: 'Risk', reason: `${soon.label} ${soon.text} is within ${RISK_HORIZON_MONTHS} months` };
  if (status === UNKNOWN_STATUS) return { level: 'Unknown', reason: `${reading.note ?? 'Status unknown'}: check the part with the maker` };
  if (status === 'Under Development') return { level: 'Watch', reason: noted('Status is Under Development') };
  return { level: 'OK', reason: noted(`Status is ${status}`) };
}

/**
 * The lifecycle risk of a row, the one rule behind the Risk column, =PART.RISK, the Replacement
 * column, `--fail-on risk` and the summary's parts at risk: the level every product of the row
 * shares (see several-products.ts), with the first product's reason; none when they differ, when
 * the row is an ambiguous prefix, or when nothing was found.
 */
export function rowRisk(row: RowProducts | undefined, today: Date): RowValue<RiskAssessment> {
  const level = agreedValue(row, (product) => assessRisk(product, today).level);
  return level.ok ? { ok: true, value: assessRisk(row!.products[0], today) } : level;
}
