import { LOOKUP_STATUSES } from '../../api/client/lookup';
import { specialColumn } from '../../core/cells/columns';
import { detectChanges } from '../../core/enrich/changes';
import { matchLabel } from '../../core/enrich/enrich-plan';
import { matchRules } from '../../core/enrich/highlight';
import { MATCH_WORDS, readMatchText } from '../../core/enrich/match-words';

const LANGS = ['en', 'ja', 'zh'] as const;

describe('a Match cell is read back whatever language wrote it', () => {
  test.each(LANGS)('%s: every status, the skipped rows and the did-you-mean form', (lang) => {
    const words = MATCH_WORDS[lang];
    for (const status of LOOKUP_STATUSES) expect(readMatchText(words.statuses[status])).toBe(status);
    expect(readMatchText(words.synthetic.exact)).toBe('exact');
    expect(readMatchText(words.notFitted)).toBe('notFitted');
    expect(readMatchText(words.otherMaker)).toBe('otherMaker');
    expect(readMatchText(words.seriesNotCovered)).toBe('seriesNotCovered');
    expect(readMatchText(` ${words.didYouMean('GRM155R71C104KA88D')} `)).toBe('notFound');
  });

  test('text PartSpec does not write there is none of them', () => {
    expect(['Exactly', 'not found', 'Not found, see notes', '', 42, null].map(readMatchText)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  test('a part not found with a likely part names it in the language asked for; other statuses ignore it', () => {
    const outcome = { status: 'notFound' as const, products: [], meant: 'GRM155R71C104KA88D' };
    expect(matchLabel(outcome, 'GRM155R71C1O4KA88D')).toBe('Not found — did you mean GRM155R71C104KA88D?');
    expect(matchLabel(outcome, 'GRM155R71C1O4KA88D', 'ja')).toBe(MATCH_WORDS.ja.didYouMean('GRM155R71C104KA88D'));
    expect(matchLabel({ ...outcome, status: 'invalid' }, 'X', 'zh')).toBe('无效');
  });
});

test('the Match highlights colour every language and each did-you-mean cell of the column as Not found', () => {
  const meant = MATCH_WORDS.zh.didYouMean('GRM155R71C104KA88D');
  const rules = new Map(matchRules(['Exact', meant, 'GRM…', 7]).map((r) => [r.text, r.fill]));
  const red = rules.get('Not found');
  for (const lang of LANGS) expect([rules.get(MATCH_WORDS[lang].statuses.notFound), rules.get(MATCH_WORDS[lang].statuses.invalid)]).toEqual([red, red]);
  expect(rules.get(meant)).toBe(red);
  expect(rules.has('Exact')).toBe(false);
  expect(rules.has('GRM…')).toBe(false);
});

test('the same answer in another language, or a Not found that now names a likely part, is no change; another answer is', () => {
  const columns = [specialColumn('match')];
  const previous = [{ header: 'PartSpec: Match', cells: ['Exact', 'Not found', '見つかりません', 'Exact'] }];
  const rows = [['完全一致'], [MATCH_WORDS.en.didYouMean('GRM155R71C104KA88D')], ['Not found'], [MATCH_WORDS.ja.didYouMean('GRM155R71C104KA88D')]];
  const report = detectChanges({ columns, previous, rows });
  expect(report.changedRows).toEqual([3]);
  expect(report.edits).toBe(0);
});
