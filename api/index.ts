/** The Product Information API core: pure TypeScript, no Office, safe for the webview bundle. */
export * from './vocabulary';
export * from './units';
export * from './filter';
export * from './product';
export * from './status';
export * from './errors';
export * from './cache';
export * from './client';
export * from './replacements';
