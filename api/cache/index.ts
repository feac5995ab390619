/** Caching for the client (webview-safe: the Node file store is exported from `api/node.ts`). */
export * from './persistent-store';
export * from './response-cache';
export * from './indexeddb-store';
