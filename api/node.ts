/** Node-only pieces of the API core (the webview bundle must not import this file). */
export * from './index';
export { createFileStore } from './cache/file-store';
