import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseRulesText } from '../../core/rules/read-rules';
import { isRulesError } from '../../core/rules/rules-error';
import type { BomRules } from '../../core/rules/types';
import { FileError, UsageError } from '../errors';
import { describeLimit, FILE_LIMITS } from '../../core/limits';
import { checkInputFile } from '../safe-write';

/**
 * Reads a team's rules file (docs/bom-rules.md) before anything is looked up: a file that cannot
 * be read is a FileError, one whose field or value is wrong a UsageError naming the file and the
 * field (`team-rules.json: rules[2].level: 'critical' is not a level: …`). `shown` is the name the
 * sentences give the file (default: `file`).
 */
export function readRulesFile(file: string, shown = file): BomRules {
  checkInputFile(file);
  let text: string;
  try {
    const size = statSync(file).size;
    // A team's lists of parts fit many times over; a larger file is refused unread.
    if (size > FILE_LIMITS.rulesFileBytes.value) throw new FileError(`${shown} (${size.toLocaleString('en-US')} bytes) goes over ${describeLimit('rulesFileBytes')}; PartSpec did not read it.`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof FileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileError(code === 'ENOENT' ? `The rules file ${shown} does not exist.` : `The rules file ${shown} cannot be read (${code ?? 'error'}).`);
  }
  try {
    return parseRulesText(text, basename(shown));
  } catch (error) {
    if (isRulesError(error)) throw new UsageError(`${shown}: ${error.message}`, { showUsage: false });
    throw error;
  }
}
