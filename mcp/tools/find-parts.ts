import { z } from 'zod';
import { DEFAULT_FIND_COUNT, FIND_CATEGORY_IDS, MAX_FIND_COUNT, findAnswerJson, findParts } from '../../core/find/find-parts';
import { planByCategoryFile } from '../../core/find/request-plan';
import { counted, defineTool } from '../tool';
import { FIND_PARTS_OUTPUT } from './outputs';

/** Lines per call: a BOM's worth of generic lines, each distinct set of constraints one search. */
const MAX_FIND_LINES = 500;

export const findPartsTool = defineTool({
  name: 'find_parts',
  title: "The maker's parts for a BOM line",
  description:
    "For each line of a BOM that names no part of this maker — a value and footprint (\"100n C_0402_1005Metric\"), a distributor's description " +
    '("CAP CER 0.1UF 16V X7R 0402"), a Chinese or Japanese description, or another maker\'s part number (CL05B104KO5NNNC, C0603C104K5RACTU) — ' +
    "what was understood (category, capacitance or inductance, rated voltage or current at least, characteristic, size, tolerance) and the maker's " +
    'candidates In Production that meet every one of those constraints, closest fit first, as `partspec suggest --json` gives them. ' +
    'A line with no candidate, too vague, or not a ceramic capacitor or inductor (resistors, electrolytics, beads, crystals) says why in `reason`.',
  input: {
    lines: z
      .array(z.string({ error: 'Each line must be text.' }).trim().min(1, { error: 'A line cannot be empty.' }).max(500, { error: 'A line is at most 500 characters.' }), {
        error: 'lines must be a list of BOM lines, e.g. ["100nF 16V X7R 0402"].',
      })
      .min(1, { error: 'Give at least one line.' })
      .max(MAX_FIND_LINES, { error: `At most ${MAX_FIND_LINES} lines per call.` })
      .describe(`BOM lines or other makers' part numbers, 1 to ${MAX_FIND_LINES}.`),
    count: z.number().int().min(1).max(MAX_FIND_COUNT, { error: `count is 1 to ${MAX_FIND_COUNT}.` }).default(DEFAULT_FIND_COUNT).describe(`Candidates per line (default ${DEFAULT_FIND_COUNT}).`),
    category: z.enum(FIND_CATEGORY_IDS, { error: 'category is ceramicCapacitors or inductors.' }).optional().describe('What lines that do not say are.'),
    automotive: z.boolean().default(false).describe('Only automotive-grade (AEC-Q200) parts.'),
  },
  output: FIND_PARTS_OUTPUT,
  async run(args, context) {
    const { answers } = await findParts(args.lines, context.client, {
      lang: context.lang,
      count: args.count,
      category: args.category,
      automotive: args.automotive,
      signal: context.signal,
      // Many distinct lines are matched in the category file, as partspec suggest does: the same candidates in a few requests.
      plan: planByCategoryFile({ source: context.client, lang: context.lang }),
    });
    const found = answers.filter((a) => a.candidates.length > 0).length;
    return { structured: { answers: answers.map(findAnswerJson) }, text: `${found} of ${counted(answers.length, 'line')} have a candidate.` };
  },
});
