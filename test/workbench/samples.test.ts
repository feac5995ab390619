/** The workbench's sample sheets hold what their names promise, against the emulator's default catalog. */
import { catalogFor, DEFAULT_SEED, HOSTILE_PARTNOS, PARTNO_PATTERN } from '../../emulator';
import {
  SAMPLE_BASE_PARTS,
  SAMPLE_BOM_BLANK_ROWS,
  SAMPLE_BOM_ROWS,
  SAMPLE_CATALOG_PARTS,
  SAMPLE_HOSTILE_CATALOG_PARTS,
  SAMPLE_SLOPPY_PARTS,
  SAMPLE_UNKNOWN_PARTS,
  sampleBomPartNumbers,
} from '../../src/workbench/samples';

const catalog = catalogFor(DEFAULT_SEED);

test('catalog parts exist, sloppy ones once cleaned up', () => {
  for (const part of SAMPLE_CATALOG_PARTS) expect(catalog.byPartno.has(part)).toBe(true);
  for (const part of SAMPLE_SLOPPY_PARTS) expect(catalog.byPartno.has(part.trim().toUpperCase())).toBe(true);
});

test('base parts have no package code and several packages', () => {
  for (const base of SAMPLE_BASE_PARTS) {
    expect(catalog.byPartno.has(base)).toBe(false);
    expect(catalog.products.filter((p) => p.values.PartnoWithoutPackageCode === base).length).toBeGreaterThan(1);
  }
});

test('unknown parts are well formed but absent; hostile parts are the catalog hostile ones', () => {
  for (const part of SAMPLE_UNKNOWN_PARTS) {
    expect(part).toMatch(PARTNO_PATTERN);
    expect(catalog.byPartno.has(part)).toBe(false);
  }
  for (const part of SAMPLE_HOSTILE_CATALOG_PARTS) expect(HOSTILE_PARTNOS).toContain(part);
});

test('the BOM has 50 rows with blanks where documented', () => {
  const parts = sampleBomPartNumbers();
  expect(parts).toHaveLength(SAMPLE_BOM_ROWS);
  expect(parts.map((p, i) => (p === '' ? i + 2 : 0)).filter(Boolean)).toEqual([...SAMPLE_BOM_BLANK_ROWS]);
});
