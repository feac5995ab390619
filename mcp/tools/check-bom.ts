import { basename } from 'node:path';
import { z } from 'zod';
import { MAX_BUILDS } from '../../core/report/quantities';
import { FileError, UsageError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { summarizeBomDocument } from '../../node/files/bom-summary';
import { openBomPath } from '../bom-path';
import { counted, defineTool } from '../tool';
import { CHECK_BOM_OUTPUT } from './outputs';
import { readRulesFile } from '../../node/files/rules-file';
import { DEFAULT_RULES } from '../../core/rules/default-rules';
import type { BomRules } from '../../core/rules/types';

/** The rules of a rules file under the roots, read through the same checks as a BOM; the shipped rules without one. */
function rulesUnder(path: string | undefined, roots: readonly string[]): BomRules {
  if (path === undefined) return DEFAULT_RULES;
  const opened = openBomPath(path, roots);
  try {
    return readRulesFile(opened.readPath, path);
  } finally {
    opened.close();
  }
}

export const checkBomTool = defineTool({
  name: 'check_bom',
  title: 'Check a BOM file',
  description:
    'Reads a BOM file the user names (.xlsx, .xlsm, .csv, .tsv or .txt, under the folders the user allowed) and returns its summary as ' +
    '`partspec report --json` does: rows and quantity by lifecycle status, parts whose last buy or production end is near, ' +
    'RoHS/REACH/lead-free (and AEC-Q200) coverage, parts at Risk or EOL with alternatives and replacement candidates, changes since the last enrich, ' +
    "and the checks of the team's BOM rules (the shipped rules, or a rules file the user names) with each line's level: fatal, error, warning or ok. " +
    'The file is only read, never changed. Paths are relative to the first allowed folder unless absolute.',
  input: {
    path: z.string({ error: 'path is the BOM file name, e.g. "boards/main-bom.xlsx".' }).min(1).max(4096).describe('The BOM file.'),
    sheet: z.string().max(200).optional().describe('The worksheet (default: the first with a part-number header).'),
    column: z.string().max(200).optional().describe('The part-number column by its header or letters (e.g. "MPN" or "E").'),
    builds: z.number().int().min(1).max(MAX_BUILDS, { error: `builds is 1 to ${MAX_BUILDS.toLocaleString('en-US')}.` }).optional().describe('Builds for last-time-buy quantities (quantity per board × builds).'),
    automotive: z.boolean().optional().describe('Call out AEC-Q200 (default: when most parts found are automotive grade).'),
    rules: z.string().min(1).max(4096).optional().describe("The team's BOM rules file (JSON, under the same folders; default: the shipped rules)."),
  },
  output: CHECK_BOM_OUTPUT,
  available: (context) => context.roots.length > 0,
  async run(args, context) {
    // The rules are read and checked before the BOM is opened or anything is asked of the service.
    const rules = rulesUnder(args.rules, context.roots);
    const opened = openBomPath(args.path, context.roots);
    try {
      const bom = await openBom(opened.readPath);
      try {
        const { summary } = await summarizeBomDocument(bom.searchIn(args.sheet), context.client, {
          column: args.column,
          file: basename(opened.real),
          builds: args.builds,
          automotive: args.automotive ? true : 'auto',
          lang: context.lang,
          today: new Date(),
          rules,
          signal: context.signal,
        });
        return { structured: { ...summary }, text: `The summary of ${counted(summary.rows, 'row')} of ${args.path}; the file was only read.` };
      } finally {
        bom.close();
      }
    } catch (error) {
      // A reader's sentence (an unreadable file, a sheet it does not have) names the file as the user did, never the link to the descriptor.
      if (error instanceof FileError && error.message.includes(opened.readPath)) throw new FileError(opened.describe(error.message));
      if (error instanceof UsageError && error.message.includes(opened.readPath)) throw new UsageError(opened.describe(error.message), { showUsage: false });
      throw error;
    } finally {
      opened.close();
    }
  },
});
