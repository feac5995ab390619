/** The local Product Information API emulator (Node-only): `startEmulator` for tests, `main.ts` for the CLI. */
export { startEmulator, catalogFor } from './server';
export { DEMO_KEY, DEFAULT_HOST, DEFAULT_PORT } from './options';
export type { EmulatorOptions, FaultOptions, RateLimit, RequestLogEntry, RunningEmulator } from './options';
export type { Quirks } from './render';
export {
  DEFAULT_SEED,
  HOSTILE_PARTNOS,
  HOSTILE_STRINGS,
  PARTNO_PATTERN,
  REFERENCE_DATE,
  ageCatalog,
  generateCatalog,
  type Catalog,
  type CatalogProduct,
} from './catalog';
export { runQuery, type Query, type QueryResult } from './query';
export { SYNTHETIC_NOTICE, decodeRealPartno, decodeRealVariants, explainRealPartno, type RealPart } from './catalog/real-numbering';
export { renderProduct } from './render';
