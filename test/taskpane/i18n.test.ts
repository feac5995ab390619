import { LANGS } from '../../api/vocabulary';
import { COLUMN_PRESETS } from '../../src/taskpane/builder/presets';
import { EN } from '../../src/taskpane/i18n/en';
import { MESSAGES, SKIPPED_KINDS, createTranslator, fillMessage, marksOf, type MessageKey } from '../../src/taskpane/i18n';
import { resolveUiLanguage } from '../../src/settings/settings';
import { LOOKUP_STATUSES } from '../../api/client/lookup';

const KEYS = Object.keys(EN) as MessageKey[];

describe('message table', () => {
  test.each(LANGS)('%s has every key, nothing more, never empty, with the same {marks} as English', (lang) => {
    const table = MESSAGES[lang];
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      expect(table[key].trim()).not.toBe('');
      expect([key, marksOf(table[key])]).toEqual([key, marksOf(EN[key])]);
    }
  });

  test('ja and zh are translated, not copies of English (apart from names)', () => {
    const same = (lang: 'ja' | 'zh') => KEYS.filter((k) => MESSAGES[lang][k] === EN[k]);
    expect(same('ja')).toEqual(['appTitle']);
    expect(same('zh')).toEqual(['appTitle']);
  });

  test('every key built at run time exists', () => {
    for (const preset of COLUMN_PRESETS) expect(KEYS).toContain(`preset_${preset}`);
    for (const status of LOOKUP_STATUSES) expect(KEYS).toContain(`match_${status}`);
    for (const kind of SKIPPED_KINDS) expect(KEYS).toContain(`skipped_${kind}`);
    for (const lang of LANGS) expect(KEYS).toContain(`langName_${lang}`);
    for (const op of ['eq', 'startswith', 'contains', 'ge', 'le', 'gt', 'lt']) expect(KEYS).toContain(`op_${op}`);
  });
});

describe('UI language', () => {
  test.each<[Parameters<typeof resolveUiLanguage>[0], string | undefined, string]>([
    ['auto', 'ja-JP', 'ja'],
    ['auto', 'zh-CN', 'zh'],
    ['auto', 'zh-TW', 'zh'],
    ['auto', 'en-GB', 'en'],
    ['auto', 'fr-FR', 'en'],
    ['auto', undefined, 'en'],
    [undefined, 'ja', 'ja'],
    ['zh', 'ja-JP', 'zh'],
    ['en', 'ja-JP', 'en'],
  ])('override %s, Office %s → %s', (override, display, expected) => {
    expect(resolveUiLanguage(override, display)).toBe(expected);
  });

  test('fills marks, groups digits by language, and leaves a missing mark visible', () => {
    expect(createTranslator('en')('urlMeter', { bytes: 812, budget: 2082 })).toBe('URL 812 / 2,082 bytes');
    expect(createTranslator('ja')('urlMeter', { bytes: 2100, budget: 2082 })).toBe('URL 2,100 / 2,082 バイト');
    expect(fillMessage('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(fillMessage('{a}', { a: '<b>{b}</b>' }, 'en')).toBe('<b>{b}</b>');
  });
});
