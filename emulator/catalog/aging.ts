import type { FieldValue, Group } from '../../api';
import { HOSTILE_PARTNOS } from './hostile';
import { REFERENCE_DATE } from './lifecycle';
import { addDays } from './numbers';
import { deriveSeed } from './rng';
import type { Catalog, CatalogProduct } from './types';

/**
 * How the catalog ages after its reference date, so two runs at two dates see real lifecycle
 * events. Every event date is drawn from the seed and the base Partno alone (never from the date
 * asked for), so the catalog of one seed and one date is always the same, and a later date only
 * adds events to an earlier one.
 */

/** Share of In Production parts that are announced NRND within two years of the reference date. */
const NRND_SHARE = 0.08;
/** Share of NRND parts without a last-buy date that get one within two years. */
const LAST_BUY_SHARE = 0.5;
/** Share of In Production parts that gain a new package form (a new Partno flagged NewProduct). */
const NEW_VARIANT_SHARE = 0.03;
/** A part whose last-buy date is this close (days) is To be discontinued. */
export const LAST_BUY_WINDOW_DAYS = 365;
/** Events fall within this many days after the reference date. */
const HORIZON_DAYS = 730;

/** The package form a new variant of each group is released in, when the part lacks it. */
const NEW_PACKAGES: Readonly<Record<Group, readonly { code: string; type: string; minOrderQuantity: number }[]>> = {
  SMD: [{ code: 'B', type: 'Bulk', minOrderQuantity: 1000 }],
  Ind: [{ code: 'B', type: 'Bulk', minOrderQuantity: 1000 }],
  Lead: [{ code: 'T', type: 'Radial taping 330mm reel', minOrderQuantity: 2500 }],
};

const HOSTILE = new Set(HOSTILE_PARTNOS);

/** The seed of each decision (`what`) under each catalog seed, derived once: ageCatalog draws several per part. */
const DECISION_SEEDS = new Map<number, Map<string, number>>();

/** A value in [0, 1) fixed by the seed, the base Partno and what it decides. */
function draw(seed: number, base: string, what: string): number {
  let seeds = DECISION_SEEDS.get(seed);
  if (!seeds) DECISION_SEEDS.set(seed, (seeds = new Map()));
  let decision = seeds.get(what);
  if (decision === undefined) seeds.set(what, (decision = deriveSeed(seed, what)));
  return deriveSeed(decision, base) / 4294967296;
}

/** A whole number of days in [min, max], fixed like `draw`. */
function drawDays(seed: number, base: string, what: string, min: number, max: number): number {
  return min + Math.floor(draw(seed, base, what) * (max - min + 1));
}

/** The lifecycle dates of one base part, as its maker will announce them. */
interface Schedule {
  /** Day an In Production part is announced NRND. */
  nrndOn?: string;
  /** Day a last-buy date is announced for an NRND part that had none. */
  lastBuyAnnouncedOn?: string;
  lastBuy?: string;
  productionEnd?: string;
  /** Day the part enters its last-buy window and becomes To be discontinued. */
  endingOn?: string;
}

/** The later of two days. */
function later(a: string, b: string): string {
  return a > b ? a : b;
}

/**
 * The day a part with a last-buy date becomes To be discontinued: a year before that date, but
 * never before the news that made it NRND (or, for a part NRND already, the reference date).
 */
function endingDay(seed: number, base: string, lastBuy: string, notBefore: string): string {
  return later(addDays(lastBuy, -LAST_BUY_WINDOW_DAYS), addDays(notBefore, drawDays(seed, base, 'ending-on', 1, 120)));
}

/** The schedule of a base part from its values at the reference date. */
function scheduleOf(seed: number, base: string, v: Readonly<Record<string, FieldValue>>): Schedule {
  const status = v.Status;
  const lastBuy = typeof v.LastBuyDate === 'string' ? v.LastBuyDate : undefined;
  const productionEnd = typeof v.ProductionEndDate === 'string' ? v.ProductionEndDate : undefined;
  const endAfter = (day: string): string => addDays(day, drawDays(seed, base, 'end', 90, 270));
  if (status === 'In Production' && v.NewProduct !== true && draw(seed, base, 'nrnd') < NRND_SHARE) {
    const nrndOn = addDays(REFERENCE_DATE, drawDays(seed, base, 'nrnd-on', 1, HORIZON_DAYS));
    const buy = addDays(nrndOn, drawDays(seed, base, 'last-buy', 180, 540));
    return { nrndOn, lastBuy: buy, productionEnd: endAfter(buy), endingOn: endingDay(seed, base, buy, nrndOn) };
  }
  if (status === 'NRND' && lastBuy === undefined) {
    if (draw(seed, base, 'last-buy-share') >= LAST_BUY_SHARE) return {};
    const announced = addDays(REFERENCE_DATE, drawDays(seed, base, 'announce', 1, HORIZON_DAYS));
    const buy = addDays(announced, drawDays(seed, base, 'last-buy', 180, 540));
    return { lastBuyAnnouncedOn: announced, lastBuy: buy, productionEnd: endAfter(buy), endingOn: endingDay(seed, base, buy, announced) };
  }
  if (status === 'NRND' && lastBuy !== undefined) {
    return { lastBuy, productionEnd: productionEnd ?? endAfter(lastBuy), endingOn: endingDay(seed, base, lastBuy, REFERENCE_DATE) };
  }
  if (status === 'To be discontinued') return { lastBuy, productionEnd };
  return {};
}

/** The lifecycle values that differ on `asOf` from the reference date, or undefined when none do. */
function agedValues(s: Schedule, v: Readonly<Record<string, FieldValue>>, asOf: string): Record<string, FieldValue> | undefined {
  const out: Record<string, FieldValue> = {};
  let status = v.Status as string;
  if (status === 'In Production' && s.nrndOn !== undefined && s.nrndOn <= asOf) {
    status = 'NRND';
    Object.assign(out, { Status: status, NewProduct: false, LastBuyDate: s.lastBuy, ProductionEndDate: s.productionEnd, Notices: `Not recommended for new designs. Last buy date: ${s.lastBuy}.` });
  }
  if (status === 'NRND' && s.lastBuyAnnouncedOn !== undefined && s.lastBuyAnnouncedOn <= asOf) {
    Object.assign(out, { LastBuyDate: s.lastBuy, ProductionEndDate: s.productionEnd, Notices: `Not recommended for new designs. Last buy date: ${s.lastBuy}.` });
  }
  if (status === 'NRND' && s.endingOn !== undefined && s.endingOn <= asOf) {
    status = 'To be discontinued';
    Object.assign(out, { Status: status, LastBuyDate: s.lastBuy, ProductionEndDate: s.productionEnd, Notices: `Production will end. Last buy date: ${s.lastBuy}.` });
  }
  if (status === 'To be discontinued' && s.productionEnd !== undefined && s.productionEnd < asOf) {
    Object.assign(out, { Status: 'Discontinued', ProductionEndDate: s.productionEnd, Notices: 'Production has ended.' });
  }
  for (const key of Object.keys(out)) if (out[key] === undefined || out[key] === v[key]) delete out[key];
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A new package form of a part that stays In Production, released on a day after the reference
 * date, or undefined. Once released it stays in every later catalog.
 */
function newVariant(seed: number, base: string, product: CatalogProduct, schedule: Schedule, taken: (partno: string) => boolean, asOf: string): CatalogProduct | undefined {
  const v = product.values;
  if (draw(seed, base, 'new-variant') >= NEW_VARIANT_SHARE) return undefined;
  if (v.Status !== 'In Production' || schedule.nrndOn !== undefined) return undefined;
  const releasedOn = addDays(REFERENCE_DATE, drawDays(seed, base, 'released', 1, HORIZON_DAYS));
  if (releasedOn > asOf) return undefined;
  const option = NEW_PACKAGES[product.group].find((o) => !taken(`${base}${o.code}`));
  if (!option) return undefined;
  return {
    group: product.group,
    values: { ...v, Partno: `${base}${option.code}`, PackageType: option.type, MinOrderQuantity: option.minOrderQuantity, NewProduct: true },
  };
}

/** True when `text` is a calendar date `YYYY-MM-DD` that exists. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * The catalog as it stands on `asOf` (`YYYY-MM-DD`, not before the reference date): parts past
 * their production end are Discontinued, parts within a year of their last-buy date are To be
 * discontinued, some In Production parts are NRND with last-buy and production-end dates, NRND
 * parts may have a last-buy date announced, and some parts have a new package form flagged
 * NewProduct. The catalog given is not changed; on the reference date itself the answer equals it.
 */
export function ageCatalog(catalog: Catalog, asOf: string): Catalog {
  if (!isIsoDate(asOf)) throw new RangeError(`'${asOf}' is not a date written YYYY-MM-DD.`);
  if (asOf < REFERENCE_DATE) throw new RangeError(`The catalog describes ${REFERENCE_DATE}; it cannot be aged back to ${asOf}.`);
  const seed = catalog.seed;
  const added: CatalogProduct[] = [];
  const addedPartnos = new Set<string>();
  const taken = (partno: string): boolean => catalog.byPartno.has(partno) || addedPartnos.has(partno);
  const aged = new Map<string, Record<string, FieldValue> | undefined>();
  const products = catalog.products.map((product) => {
    const partno = product.values.Partno as string;
    const base = product.values.PartnoWithoutPackageCode;
    if (HOSTILE.has(partno) || typeof base !== 'string') return product;
    if (!aged.has(base)) {
      const schedule = scheduleOf(seed, base, product.values);
      const changes = agedValues(schedule, product.values, asOf);
      aged.set(base, changes);
      const fresh = newVariant(seed, base, product, schedule, taken, asOf);
      if (fresh) {
        addedPartnos.add(fresh.values.Partno as string);
        added.push(fresh);
      }
    }
    const changes = aged.get(base);
    return changes ? { group: product.group, values: { ...product.values, ...changes } } : product;
  });
  // The catalog's products are in Partno order already (ageing keeps every Partno): only the new ones join it.
  const all = mergeByPartno(products, added.sort(byPartno));
  const byGroup = { SMD: [], Lead: [], Ind: [] } as Record<Group, CatalogProduct[]>;
  for (const p of all) byGroup[p.group].push(p);
  return { seed, asOf, products: all, byGroup, byPartno: new Map(all.map((p) => [p.values.Partno as string, p])) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const byPartno = (a: CatalogProduct, b: CatalogProduct): number => compare(a.values.Partno as string, b.values.Partno as string);

/** Two lists in Partno order as one. */
function mergeByPartno(a: readonly CatalogProduct[], b: readonly CatalogProduct[]): CatalogProduct[] {
  const out: CatalogProduct[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(byPartno(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}
