import { z } from 'zod';
import { DEFAULT_MAX_REPLACEMENTS, MAX_REPLACEMENTS_LIMIT, findReplacements, replacementAnswerJson } from '../../api/node';
import { counted, defineTool } from '../tool';
import { partnosInput } from './inputs';
import { REPLACEMENTS_OUTPUT } from './outputs';

/** Parts per call: each may need its own search. */
const MAX_REPLACEMENT_INPUTS = 200;

export const replacementsTool = defineTool({
  name: 'replacements',
  title: 'Replacements for parts that are ending',
  description:
    "For each of the maker's part numbers: the maker's own named alternatives and PartSpec's drop-in candidates In Production, closest first, " +
    'as `partspec replacements --json` gives them. A candidate matches the original on capacitance or inductance, size or lead space, ' +
    'temperature characteristics and voltage class (rated voltage or current at least the original\'s), and says where it differs. ' +
    '`strict` also requires equal tolerance and package type.',
  input: {
    partnos: partnosInput(MAX_REPLACEMENT_INPUTS),
    max: z.number().int().min(1).max(MAX_REPLACEMENTS_LIMIT, { error: `max is 1 to ${MAX_REPLACEMENTS_LIMIT}.` }).default(DEFAULT_MAX_REPLACEMENTS).describe(`Candidates per part (default ${DEFAULT_MAX_REPLACEMENTS}).`),
    strict: z.boolean().default(false).describe('Also require equal tolerance and package type.'),
  },
  output: REPLACEMENTS_OUTPUT,
  async run(args, context) {
    const { answers } = await findReplacements(context.client, args.partnos, { max: args.max, strict: args.strict, lang: context.lang, signal: context.signal });
    const list = [...answers.values()];
    const found = list.filter((a) => a.candidates.length > 0).length;
    return { structured: { answers: list.map(replacementAnswerJson) }, text: `${found} of ${counted(list.length, 'part')} have a replacement.` };
  },
});
