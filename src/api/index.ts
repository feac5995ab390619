/** The Product Information API core: pure TypeScript, no Office. */
export * from './vocabulary';
export * from './units';
export * from './filter';
export * from './product';
export * from './errors/validation-error';
