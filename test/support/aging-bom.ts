import { startEmulator, type Catalog, type CatalogProduct, type RunningEmulator } from '../../emulator';
import type { FieldValue } from '../../api';
import { columnUnitOf, fieldLabel, getField, resolveField } from '../../api/vocabulary';

/** Two days the emulator serves with --as-of: the first check and the next quarter's. */
export const FIRST_DAY = '2026-12-01';
export const LATER_DAY = '2027-09-30';

/** The fields the aging tests enrich: lifecycle fields that move and specs that never do. */
export const AGING_FIELDS = ['Status', 'LastBuyDate', 'ProductionEndDate', 'NewProduct', 'Specs.RatedVoltage'] as const;
/** The same, as `partspec enrich --fields` takes them. */
export const AGING_FIELDS_FLAG = AGING_FIELDS.join(',');

const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

/**
 * Part numbers for a BOM that sees every kind of lifecycle event between the two days (a few of
 * each status move, dates announced without a status move, a part released in between) and parts
 * where nothing moves. Picked from the catalogs the two emulators serve.
 */
export function pickAgingParts(first: Catalog, later: Catalog): string[] {
  const kinds = new Map<string, string[]>();
  const add = (kind: string, partno: string, max: number): void => {
    const list = kinds.get(kind) ?? [];
    if (list.length < max) kinds.set(kind, [...list, partno]);
  };
  for (const now of later.products) {
    const partno = partnoOf(now);
    if (now.values.PartnoWithoutPackageCode === undefined || /[^A-Z0-9]/.test(partno)) continue;
    const before = first.byPartno.get(partno);
    if (!before) {
      add('released', partno, 1);
      continue;
    }
    const b = before.values;
    const a = now.values;
    if (b.Status !== a.Status) add(`${b.Status}->${a.Status}`, partno, 2);
    else if (b.LastBuyDate !== a.LastBuyDate) add('dated', partno, 2);
    else if (partno.endsWith('D') || partno.endsWith('A')) add('same', partno, 6);
  }
  return [...kinds.values()].flat();
}

/** How a value is written in a Changes cell. */
function shown(value: FieldValue | undefined): string {
  if (value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/**
 * The name a Changes text gives a column headed `label` in a workbook: a numeric header there names
 * no unit (each cell shows its own), and the Changes text names the unit of the numbers it gives.
 */
export function changeLabelOf(label: string): string {
  const field = resolveField(label).field;
  const unit = field && !label.endsWith(')') ? columnUnitOf(field) : undefined;
  return unit ? `${label} (${unit})` : label;
}

/**
 * The Changes text PartSpec must write for a part between the two catalogs, from the catalogs'
 * own values: `labels` are the field columns' names after Match, in the sheet's order.
 */
export function expectedChanges(partno: string, first: Catalog, later: Catalog, labels: readonly string[]): string {
  const before = first.byPartno.get(partno);
  const now = later.byPartno.get(partno);
  const parts: string[] = [];
  if (!before !== !now) parts.push(`Match ${before ? 'Exact' : 'Not found'} → ${now ? 'Exact' : 'Not found'}`);
  for (const label of labels) {
    const key = AGING_FIELDS.find((k) => {
      const name = fieldLabel(getField(k)!);
      return label === name || label.startsWith(`${name} (`);
    });
    if (!key) continue;
    const b = before?.values[key];
    const a = now?.values[key];
    if (shown(b) !== shown(a)) parts.push(`${label} ${shown(b)} → ${shown(a)}`);
  }
  return parts.join('; ');
}

/** The emulator as it stands on each of the two days, and the part numbers picked between them. */
export interface AgingWorld {
  readonly first: RunningEmulator;
  readonly later: RunningEmulator;
  readonly parts: readonly string[];
}

/**
 * Starts an emulator for each day and picks the aging parts (`beforeAll`), and stops both
 * afterwards (`afterAll`); read the fields inside tests.
 */
export function useAgingEmulators(): AgingWorld {
  const world = {} as { first: RunningEmulator; later: RunningEmulator; parts: string[] };
  beforeAll(async () => {
    world.first = await startEmulator({ port: 0, asOf: FIRST_DAY });
    world.later = await startEmulator({ port: 0, asOf: LATER_DAY });
    world.parts = pickAgingParts(world.first.catalog, world.later.catalog);
  });
  afterAll(async () => {
    await world.first?.close();
    await world.later?.close();
  });
  return world;
}
