/**
 * The Risk column's words in every language and their one reader: each level written in one
 * language reads back as that level from any run, the highlights colour every language's word,
 * and the Not-updated cells and the summary line speak the run's language too.
 */
import { LANGS } from '../../api/vocabulary';
import { describeRowSummary } from '../../core/bom/bom-rows';
import { specialColumn } from '../../core/cells/columns';
import { RISK_LEVELS, type RiskLevel } from '../../core/cells/risk';
import { readRiskText, riskLevelText, RISK_LEVEL_WORDS } from '../../core/cells/risk-levels';
import { detectChanges, isSameValue } from '../../core/enrich/changes';
import { lifecycleRules, rulesOf } from '../../core/enrich/highlight';
import { isNotUpdatedText, notUpdatedText } from '../../core/enrich/not-updated';
import { summaryLabels } from '../../core/report/labels';

/** Any run of two ASCII letters: an English word (or code) in a ja or zh text. */
const ASCII_WORD = /[A-Za-z]{2,}/;
/** Names every language writes as they are. */
const KEPT_NAMES = /\bAPI\b/g;

const CASES = LANGS.flatMap((written) => RISK_LEVELS.map((level) => [written, level] as const));

describe('a Risk cell is read back whatever language wrote it', () => {
  test.each(CASES)('%s %s: written, read back, written again in every language', (written, level) => {
    const text = riskLevelText(level, written);
    expect(readRiskText(text)).toBe(level);
    expect(readRiskText(`  ${text} `)).toBe(level);
    for (const again of LANGS) expect(readRiskText(riskLevelText(readRiskText(text)!, again))).toBe(level);
  });

  test.each(LANGS)('%s: one word per level, none shared with another level of any language', (lang) => {
    const words = RISK_LEVELS.map((level) => RISK_LEVEL_WORDS[lang][level]);
    expect(new Set(words).size).toBe(RISK_LEVELS.length);
    for (const other of LANGS) for (const level of RISK_LEVELS) for (const mine of RISK_LEVELS) if (mine !== level) expect([lang, other, RISK_LEVEL_WORDS[lang][mine] === RISK_LEVEL_WORDS[other][level]]).toEqual([lang, other, false]);
  });

  test.each(['ja', 'zh'] as const)('%s words hold no English', (lang) => {
    expect(Object.values(RISK_LEVEL_WORDS[lang]).filter((word) => ASCII_WORD.test(word))).toEqual([]);
  });

  test('English keeps the level codes, and text PartSpec does not write there is no level', () => {
    expect(RISK_LEVELS.map((level) => riskLevelText(level))).toEqual([...RISK_LEVELS]);
    expect(['EOL?', 'eol', 'Risk assessed', '', 42, null, undefined].map(readRiskText)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('highlights and comparisons take a level in any language', () => {
  const colours = (level: RiskLevel) => lifecycleRules().filter((r) => r.text === riskLevelText(level)).map(({ fill, font }) => ({ fill, font }));

  test.each(CASES)('%s %s: coloured as the English level is', (lang, level) => {
    const rules = lifecycleRules().filter((r) => r.text === riskLevelText(level, lang));
    expect(rules.map(({ fill, font }) => ({ fill, font }))).toEqual(colours(level));
    expect(rules.length).toBe(level === 'OK' || level === 'Unknown' ? 0 : 1);
  });

  test('the Risk column gets those rules', () => {
    expect(rulesOf(specialColumn('risk'))).toEqual(lifecycleRules());
  });

  test.each(CASES)('%s %s: the same level in every language is the same value', (lang, level) => {
    const risk = specialColumn('risk');
    for (const other of LANGS) expect(isSameValue(risk, riskLevelText(level, lang), 'PartSpec: Risk', riskLevelText(level, other))).toBe(true);
    const another = RISK_LEVELS.find((l) => l !== level)!;
    expect(isSameValue(risk, riskLevelText(level, lang), 'PartSpec: Risk', riskLevelText(another, lang))).toBe(false);
  });

  test.each(LANGS)('the summary, its sheet and the pane say the level in %s', (lang) => {
    expect(summaryLabels(lang).levels).toEqual(RISK_LEVEL_WORDS[lang]);
  });
});

describe('a Not-updated cell', () => {
  test.each(LANGS)('starts in %s, and reads back as a Not-updated cell in every language', (lang) => {
    const text = notUpdatedText('The service answered 500.', lang);
    expect(isNotUpdatedText(text)).toBe(true);
    expect(text.endsWith('The service answered 500.')).toBe(true);
    if (lang !== 'en') expect(ASCII_WORD.test(text.slice(0, text.indexOf('The service')))).toBe(false);
  });

  test('in a Match column is text PartSpec wrote, in any language: a later answer is a change, not a hand edit', () => {
    const columns = [specialColumn('match')];
    const previous = [{ header: 'PartSpec: Match', cells: LANGS.map((lang) => notUpdatedText('timeout', lang)) }];
    const report = detectChanges({ columns, previous, rows: LANGS.map(() => ['Exact']) });
    expect(report.changedRows).toEqual([0, 1, 2]);
    expect(report.edits).toBe(0);
    expect(isNotUpdatedText('Not updated yet, see notes')).toBe(false);
  });
});

describe('the summary line', () => {
  const line = { rows: 12, exact: 5, variant: 1, ambiguous: 1, notFound: 3, invalid: 1, blank: 1, notOurs: 1, notCovered: 1, kinds: { part: 8, blank: 1, dnp: 1, total: 1, otherMaker: 1 }, makerHeader: 'メーカー' };

  test.each(['ja', 'zh'] as const)('in %s holds every count and no English', (lang) => {
    const text = describeRowSummary(line, undefined, lang);
    expect(text.replace(KEPT_NAMES, '')).not.toMatch(ASCII_WORD);
    expect(text.match(/\d+/g)).toEqual(['12', '5', '1', '1', '3', '1', '1', '1', '1', '1', '1', '1']);
    expect(text).toContain('メーカー');
  });
});
