import { z } from 'zod';

/*
 * Input pieces several tools share, each with the sentence an assistant reads when it sends
 * something else (the server sends that sentence, never a trace).
 */

/** Part numbers per call: a 1,000-row BOM's worth, as one batched lookup. */
export const MAX_PARTNOS = 1000;

const PARTNO_INPUT = z
  .string({ error: 'Each part number must be text.' })
  .trim()
  .min(1, { error: 'A part number cannot be empty.' })
  .max(100, { error: 'A part number is at most 100 characters.' });

/** A list of 1 to `max` part numbers. */
export function partnosInput(max: number) {
  return z
    .array(PARTNO_INPUT, { error: "partnos must be a list of the maker's part numbers, e.g. [\"GRM155R71C104KA88D\"]." })
    .min(1, { error: 'Give at least one part number.' })
    .max(max, { error: `At most ${max.toLocaleString('en-US')} part numbers per call.` })
    .describe(`The maker's part numbers, 1 to ${max.toLocaleString('en-US')}.`);
}

export const FIELDS_INPUT = z
  .array(z.string({ error: 'Each field must be text such as "Capacitance" or "Capacitance:nF".' }).max(100), { error: 'fields must be a list of field names.' })
  .min(1)
  .max(60, { error: 'At most 60 fields can be asked for at once.' })
  .optional()
  .describe('Fields to return, each FIELD or FIELD:UNIT (e.g. "Status", "Capacitance:nF"); default: the add-in\'s enrichment fields.');
