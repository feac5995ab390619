import { assessRisk, type RiskLevel } from '../../core/cells/risk';
import type { ProductRecord } from '../../api/product';

const TODAY = new Date(2025, 5, 15); // 15 June 2025, local time

function product(values: Record<string, string>): ProductRecord {
  return { group: 'SMD', partno: 'GRM0000000000', values };
}

describe('assessRisk', () => {
  test.each<[string, Record<string, string>, RiskLevel, RegExp]>([
    ['Discontinued', { Status: 'Discontinued' }, 'EOL', /Discontinued/],
    ['Discontinued in Japanese', { Status: '生産中止' }, 'EOL', /Discontinued/],
    ['Discontinued in Chinese', { Status: '已经停产' }, 'EOL', /Discontinued/],
    ['last buy date passed', { Status: 'In Production', LastBuyDate: '2025-06-14' }, 'EOL', /Last buy date 2025-06-14 has passed/],
    ['production end passed', { Status: 'In Production', ProductionEndDate: '2020-01-01' }, 'EOL', /Production end date/],
    ['past date beats NRND', { Status: 'NRND', LastBuyDate: '2024-01-01' }, 'EOL', /has passed/],
    ['NRND', { Status: 'NRND' }, 'Risk', /NRND/],
    ['To be discontinued', { Status: 'To be discontinued' }, 'Risk', /To be discontinued/],
    ['To be discontinued in Japanese', { Status: '生産中止予定' }, 'Risk', /To be discontinued/],
    ['To be discontinued in Chinese', { Status: '计划停产' }, 'Risk', /To be discontinued/],
    ['last buy date today is not past', { Status: 'In Production', LastBuyDate: '2025-06-15' }, 'Risk', /within 12 months/],
    ['last buy date within 12 months', { Status: 'In Production', LastBuyDate: '2026-06-15' }, 'Risk', /within 12 months/],
    ['production end within 12 months', { Status: '生産中', ProductionEndDate: '2025/12/31' }, 'Risk', /Production end date/],
    ['date within 12 months beats Under Development', { Status: 'Under Development', LastBuyDate: '2025-07-01' }, 'Risk', /within/],
    ['last buy date beyond 12 months', { Status: 'In Production', LastBuyDate: '2026-06-16' }, 'OK', /In Production/],
    ['Under Development', { Status: 'Under Development' }, 'Watch', /Under Development/],
    ['Under Development in Chinese', { Status: '开发中' }, 'Watch', /Under Development/],
    ['In Production', { Status: 'In Production' }, 'OK', /In Production/],
    // Fails closed: an answer with no Status is not an OK part (it was OK before issue 44).
    ['no status', {}, 'Unknown', /No Status in the answer/],
    ['Obsolete (outside the vocabulary)', { Status: 'Obsolete' }, 'Unknown', /Status 'Obsolete' is not one of the API's values/],
    ['EOL (outside the vocabulary)', { Status: 'EOL' }, 'Unknown', /'EOL'/],
    ['a new value', { Status: 'Active' }, 'Unknown', /'Active'/],
    ['a hostile string', { Status: '=HYPERLINK("x")' }, 'Unknown', /not one of the API's values/],
    ['nrnd (near spelling)', { Status: 'nrnd' }, 'Risk', /NRND.*'nrnd' read as NRND/],
    ['discontinued (near spelling)', { Status: 'discontinued' }, 'EOL', /read as Discontinued/],
    ['in production (near spelling)', { Status: ' in production ' }, 'OK', /'in production' read as In Production/],
    ['To-Be-Discontinued (near spelling)', { Status: 'To-Be-Discontinued' }, 'Risk', /read as To be discontinued/],
    ['a past date beats a status outside the vocabulary', { Status: 'Obsolete', LastBuyDate: '2024-01-01' }, 'EOL', /has passed/],
    ['unparseable date is ignored', { Status: 'In Production', LastBuyDate: 'soon' }, 'OK', /In Production/],
  ])('%s → %s', (_name, values, level, reason) => {
    const result = assessRisk(product(values), TODAY);
    expect(result.level).toBe(level);
    expect(result.reason).toMatch(reason);
  });

  test('the time of day does not matter', () => {
    const p = product({ LastBuyDate: '2025-06-15' });
    expect(assessRisk(p, new Date(2025, 5, 15, 0, 0, 1)).level).toBe('Risk');
    expect(assessRisk(p, new Date(2025, 5, 15, 23, 59, 59)).level).toBe('Risk');
    expect(assessRisk(p, new Date(2025, 5, 16, 0, 0, 0)).level).toBe('EOL');
  });
});
