/* eslint-disable @typescript-eslint/no-require-imports -- commands load on demand, see `load` */
import type { Command } from './command';

/*
 * Every `partspec` command by name and summary, with the module that runs it loaded only when it
 * runs: `partspec --help` and a light command never pay for the server, the emulator's catalog or
 * the xlsx libraries the other commands bring. The summaries here are the ones the help lists; a
 * test checks each against its command's own.
 */

export interface CommandEntry {
  name: string;
  /** One line for the list of commands (the same as the loaded command's `summary`). */
  summary: string;
  /**
   * Loads the command's module. A plain `require`: the command line runs as CommonJS under tsx,
   * whose hook compiles what `require` loads, while `import()` would go to Node's ES module loader.
   */
  load: () => Command;
}

/** The commands in the order the help lists them. */
export const COMMAND_ENTRIES: readonly CommandEntry[] = [
  { name: 'lookup', summary: 'look part numbers up: a table on stdout, or JSON', load: () => (require('./lookup') as typeof import('./lookup')).lookupCommand },
  { name: 'search', summary: 'fetch every product matching a query into .xlsx or .csv', load: () => (require('./search') as typeof import('./search')).searchCommand },
  { name: 'enrich', summary: 'add PartSpec columns to a BOM (.xlsx or .csv), as the add-in does', load: () => (require('./enrich') as typeof import('./enrich')).enrichCommand },
  { name: 'report', summary: 'the BOM at a glance: a summary sheet with charts, an HTML page or JSON', load: () => (require('./report') as typeof import('./report')).reportCommand },
  { name: 'compliance', summary: 'a compliance pack of BOMs: RoHS, REACH, lead-free, AEC-Q200, SVHC and documents', load: () => (require('./compliance') as typeof import('./compliance')).complianceCommand },
  { name: 'portfolio', summary: 'parts in use across BOMs: where used, demand for a build plan, last buys, risk', load: () => (require('./portfolio') as typeof import('./portfolio')).portfolioCommand },
  { name: 'suggest', summary: "the maker's parts for generic BOM lines and other makers' numbers", load: () => (require('./suggest') as typeof import('./suggest')).suggestCommand },
  { name: 'replacements', summary: 'drop-in replacements In Production for parts that are ending', load: () => (require('./replacements') as typeof import('./replacements')).replacementsCommand },
  { name: 'replace', summary: 'replace a part by a drop-in in every BOM, with a preview and a log (--undo puts it back)', load: () => (require('./replace') as typeof import('./replace')).replaceCommand },
  { name: 'fields', summary: 'list every field with its display name and unit (what --fields takes)', load: () => (require('./fields') as typeof import('./fields')).fieldsCommand },
  { name: 'url', summary: 'print the download link of a category', load: () => (require('./url') as typeof import('./url')).urlCommand },
  { name: 'download', summary: 'download a whole category into .xlsx, .csv or .json', load: () => (require('./download') as typeof import('./download')).downloadCommand },
  { name: 'mcp', summary: 'serve AI assistants over the Model Context Protocol (stdio)', load: () => (require('./mcp') as typeof import('./mcp')).mcpCommand },
  { name: 'config', summary: 'show the settings in use and where they come from (never the key)', load: () => (require('./config') as typeof import('./config')).configCommand },
  { name: 'emulator', summary: 'run the local API emulator (the same as npm run emulator)', load: () => (require('./emulator') as typeof import('./emulator')).emulatorCommand },
  { name: 'serve', summary: 'run the PartSpec server (hosts the add-in, relays the API; token add|list|revoke)', load: () => (require('./serve') as typeof import('./serve')).serveCommand },
];

/** The entry of a command name, if there is one. */
export function findCommandEntry(name: string | undefined): CommandEntry | undefined {
  return COMMAND_ENTRIES.find((c) => c.name === name);
}
