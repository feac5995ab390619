import { z } from 'zod';
import { collectPortfolio, type PortfolioSource } from '../../core/portfolio/collect';
import { buildsOf, type PlanLine } from '../../core/portfolio/plan';
import { MAX_BUILDS } from '../../core/report/quantities';
import { FileError, UsageError } from '../../node/errors';
import { openBom } from '../../node/files/bom';
import { openBomPath, type OpenedBom } from '../bom-path';
import { counted, defineTool } from '../tool';

/** Most BOM files one call reads. */
const MAX_TOOL_BOMS = 200;

/** A reader's sentence names the file as the assistant did, never the link to the descriptor. */
function renamed(error: unknown, opened: OpenedBom): unknown {
  if (error instanceof FileError && error.message.includes(opened.readPath)) return new FileError(opened.describe(error.message));
  if (error instanceof UsageError && error.message.includes(opened.readPath)) return new UsageError(opened.describe(error.message), { showUsage: false });
  return error;
}

export const checkPortfolioTool = defineTool({
  name: 'check_portfolio',
  title: 'Parts in use across BOMs',
  description:
    'Reads several BOM files the user names (.xlsx, .xlsm, .csv, .tsv or .txt, under the folders the user allowed), every BOM sheet of each, ' +
    'and returns each part once, as `partspec portfolio --json` does: where it is used (file, sheet, 1-based row, designators), the quantity per board in each BOM, ' +
    'the demand of the build plan (quantity per board × builds, summed), lifecycle status, last buy, risk and its reason, the last-time-buy quantity for the whole plan ' +
    '(rounded up to the minimum order once) and replacements. The part numbers of all the BOMs are looked up once, together. The files are only read. ' +
    'Paths are relative to the first allowed folder unless absolute.',
  input: {
    paths: z
      .array(z.string().min(1).max(4096))
      .min(1, { error: 'paths names the BOM files, e.g. ["boards/main.xlsx", "boards/io.csv"].' })
      .max(MAX_TOOL_BOMS, { error: `paths names at most ${MAX_TOOL_BOMS} BOM files.` })
      .describe('The BOM files.'),
    plan: z
      .array(z.object({ bom: z.string().min(1).max(4096).describe('A BOM file as named in paths, or "file#sheet".'), builds: z.number().int().min(1).max(MAX_BUILDS) }))
      .max(MAX_TOOL_BOMS * 4)
      .optional()
      .describe('The build plan: builds per BOM. BOMs it does not name get `builds`.'),
    builds: z.number().int().min(1).max(MAX_BUILDS).optional().describe('Builds of each BOM the plan does not name (default 1).'),
    column: z.string().max(200).optional().describe('The part-number column by its header or letters, in every BOM.'),
  },
  output: {
    boms: z.array(z.looseObject({ file: z.string(), sheet: z.string(), builds: z.number(), rows: z.number(), parts: z.number() })),
    parts: z.array(z.unknown()).describe('Each part once, most urgent first, with uses (file, sheet, sheetRow, designators, quantity) and boms (quantityPerBoard, builds, demand).'),
    byRisk: z.record(z.string(), z.number()),
    lookedUp: z.number().int(),
    asOf: z.string(),
    fetchedAt: z.string().optional(),
    synthetic: z.boolean(),
  },
  available: (context) => context.roots.length > 0,
  async run(args, context) {
    // Every path is checked before anything is read or sent: one outside the folders refuses the call.
    const opened: OpenedBom[] = [];
    try {
      for (const path of args.paths) opened.push(openBomPath(path, context.roots));
      const plan: PlanLine[] = (args.plan ?? []).map((p, i) => {
        const hash = p.bom.lastIndexOf('#');
        return { file: hash > 0 ? p.bom.slice(0, hash) : p.bom, ...(hash > 0 ? { sheet: p.bom.slice(hash + 1) } : {}), builds: p.builds, line: i + 1 };
      });
      const names = new Map(opened.map((o, i) => [args.paths[i], o]));
      const sources: PortfolioSource[] = [...names].map(([path, o]) => ({
        file: path,
        open: async () => {
          try {
            const bom = await openBom(o.readPath);
            return { document: bom, close: () => bom.close() };
          } catch (error) {
            throw renamed(error, o);
          }
        },
      }));
      const { portfolio } = await collectPortfolio(sources, context.client, {
        ...(args.column === undefined ? {} : { column: { name: args.column } }),
        buildsOf: (file, sheet) => buildsOf(plan, file, sheet, args.builds ?? 1),
        today: new Date(),
        lang: context.lang,
        fetchedAt: new Date().toISOString(),
        signal: context.signal,
      }).catch((error: unknown) => {
        throw opened.reduce((e, o) => renamed(e, o), error);
      });
      if (portfolio.boms.length === 0) throw new FileError(`No BOM was found in ${counted(args.paths.length, 'file')}.`);
      return { structured: { ...portfolio }, text: `${counted(portfolio.parts.length, 'distinct line')} across ${counted(portfolio.boms.length, 'BOM')}; ${counted(portfolio.lookedUp, 'part number')} looked up once; the files were only read.` };
    } finally {
      for (const o of opened) o.close();
    }
  },
});
