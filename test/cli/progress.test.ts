import { retryBudgetFrom } from '../../cli/client';
import { createProgress } from '../../cli/progress';
import { describeServiceState } from '../../api';

/** A terminal-like stream that keeps what was drawn last. */
function terminal() {
  const writes: string[] = [];
  return {
    stream: { isTTY: true, columns: 200, write: (text: string) => writes.push(text) > 0 },
    /** The visible line: what follows the last clear. */
    line: () => (writes.at(-1) ?? '').replace('\r\x1b[2K', ''),
    writes,
  };
}

describe('progress line', () => {
  test('says how the service behaves after the bar, redrawn at once, and drops it when all is well', () => {
    const t = terminal();
    const progress = createProgress(t.stream, true);
    progress.update('Looking up', 0, 900);
    expect(t.line()).toBe('Looking up [------------------------] 0% 0/900');
    progress.status(describeServiceState({ condition: 'limiting', waitMs: 2_500 }));
    expect(t.line()).toBe('Looking up [------------------------] 0% 0/900 (the service is limiting requests; waiting 3 s as it asks)');
    progress.status(describeServiceState({ condition: 'failing' }));
    expect(t.line()).toContain('(the service is failing some requests; retrying)');
    progress.status(describeServiceState({ condition: 'ok' }));
    expect(t.line()).toBe('Looking up [------------------------] 0% 0/900');
  });

  test('nothing is drawn when stderr is not a terminal, notes included', () => {
    const t = terminal();
    const progress = createProgress({ ...t.stream, isTTY: false });
    progress.update('Looking up', 1, 2);
    progress.status('the service is slow to answer');
    expect(t.writes).toEqual([]);
  });
});

describe('PARTSPEC_RETRY_BUDGET', () => {
  test('seconds become the client\'s retry budget; a bad value is named and ignored', () => {
    const warnings: string[] = [];
    const warn = (message: string): number => warnings.push(message);
    expect(retryBudgetFrom({}, warn)).toBeUndefined();
    expect(retryBudgetFrom({ PARTSPEC_RETRY_BUDGET: '30' }, warn)).toBe(30_000);
    expect(retryBudgetFrom({ PARTSPEC_RETRY_BUDGET: '0.5' }, warn)).toBe(500);
    expect(retryBudgetFrom({ PARTSPEC_RETRY_BUDGET: 'soon' }, warn)).toBeUndefined();
    expect(warnings).toEqual(["PARTSPEC_RETRY_BUDGET must be a number of seconds, not 'soon'; using the default of 120."]);
  });
});
