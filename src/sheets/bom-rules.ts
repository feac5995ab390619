/*
 * The team's BOM rules the pane picked, remembered in the workbook's document settings (so a copy
 * of the workbook carries them and every Enrich and summary of it judges by them). The file is
 * read and checked by the core's one reader before anything is saved: a wrong field is refused in
 * its sentence and the workbook keeps the rules it had.
 */
import { parseRulesText } from '../../core/rules/read-rules';
import type { BomRules } from '../../core/rules/types';
import { isRulesError } from '../../core/rules/rules-error';
import { UserProblem } from '../../core/user-problem';
import { save, type DocumentSettings } from './deps';

/** The document setting that holds the rules file's text and name. */
const BOM_RULES_SETTING = 'PartSpec.bomRules';

/** What the pane says of the rules in use. */
export interface BomRulesChoice {
  /** The rule set's name (its own, else the file's). */
  name: string;
  /** Rules not off, and waivers. */
  rules: number;
  waivers: number;
}

function describeChoice(rules: BomRules): BomRulesChoice {
  return { name: rules.name, rules: rules.rules.filter((r) => r.level !== 'off').length, waivers: rules.waivers.length };
}

/** The rules remembered in the workbook, or undefined when none were picked (or what is stored no longer reads as rules). */
export function readWorkbookRules(settings: DocumentSettings): BomRules | undefined {
  const stored = settings.get(BOM_RULES_SETTING) as { text?: unknown; file?: unknown } | null | undefined;
  if (!stored || typeof stored.text !== 'string') return undefined;
  try {
    return parseRulesText(stored.text, typeof stored.file === 'string' ? stored.file : undefined);
  } catch {
    return undefined;
  }
}

/** What the pane shows of the remembered rules. */
export function workbookRulesChoice(settings: DocumentSettings): BomRulesChoice | undefined {
  const rules = readWorkbookRules(settings);
  return rules && describeChoice(rules);
}

/**
 * Reads a rules file the user picked (its text and name) and remembers it in the workbook; a wrong
 * field is a UserProblem naming the file and the field, with nothing saved.
 */
export async function rememberBomRules(settings: DocumentSettings, text: string, file: string): Promise<BomRulesChoice> {
  let rules: BomRules;
  try {
    rules = parseRulesText(text, file);
  } catch (error) {
    if (isRulesError(error)) throw new UserProblem(`${file}: ${error.message}`, { cause: error });
    throw error;
  }
  settings.set(BOM_RULES_SETTING, { text, file });
  await save(settings);
  return describeChoice(rules);
}
