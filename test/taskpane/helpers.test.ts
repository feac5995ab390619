import { AuthError } from '../../api/errors/auth-error';
import { CancelledError } from '../../api/errors/cancelled-error';
import { ValidationError } from '../../api/errors/validation-error';
import type { FieldValue, ProductRecord } from '../../api/product';
import { columnLabel, previewCellText } from '../../src/taskpane/builder/cells';
import { daysLeft, expiryOf, safeHttpUrl } from '../../src/taskpane/builder/download';
import { describeError } from '../../src/taskpane/describe-error';
import { createTranslator } from '../../src/taskpane/i18n';
import { isDarkColor } from '../../src/taskpane/theme';
import { sectionOf } from '../../src/taskpane/section-ids';

const t = createTranslator('en');

const createProduct = (values: Record<string, FieldValue>): ProductRecord => ({ group: 'SMD', partno: 'GRM0001', values });

describe('download link dates', () => {
  test('expires 7 days after issue', () => {
    const issued = new Date('2026-11-22T04:00:00Z');
    expect(expiryOf(issued).toISOString()).toBe('2026-11-29T04:00:00.000Z');
    expect(daysLeft(expiryOf(issued), issued)).toBe(7);
    expect(daysLeft(expiryOf(issued), new Date('2026-12-01T00:00:00Z'))).toBe(0);
  });

  test('only http(s) links become clickable', () => {
    expect(safeHttpUrl('https://files.example.com/a.json?sig=1')).toBe('https://files.example.com/a.json?sig=1');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,<script>')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });
});

describe('error sentences', () => {
  test('the client and the validator speak for themselves; anything else still says what to do', () => {
    const request = { method: 'GET', url: 'https://api.example.com/v2/products', headers: {} };
    expect(describeError(new AuthError({ status: 403, request }), t)).toBe('The API key was rejected (403). Check it in Settings.');
    expect(describeError(new ValidationError('emptyValue', 'Partno has an empty value.'), t)).toBe('Partno has an empty value.');
    expect(describeError(new CancelledError(), t)).toBe(t('cancelled'));
    expect(describeError(Object.assign(new Error('x'), { name: 'AbortError' }), t)).toBe(t('cancelled'));
    expect(describeError({ userMessage: 'Select the part numbers first.' }, t)).toBe('Select the part numbers first.');
    expect(describeError(new Error('boom'), t)).toBe('Something went wrong: boom. Try again, and if it keeps happening, reload the pane.');
  });
});

describe('preview cells', () => {
  test('numbers with their unit, lists joined, Booleans as TRUE/FALSE, hostile text untouched', () => {
    const p = createProduct({ 'Specs.Capacitance': 1e-7, AlternativePartno: ['A', 'B'], 'ComplianceInfo.Rohs': true, ProductName: '<img src=x onerror=alert(1)>' });
    expect(previewCellText(p, 'Specs.Capacitance')).toBe('100 nF');
    expect(previewCellText(p, 'AlternativePartno')).toBe('A, B');
    expect(previewCellText(p, 'ComplianceInfo.Rohs')).toBe('TRUE');
    expect(previewCellText(p, 'ProductName')).toBe('<img src=x onerror=alert(1)>');
    expect(previewCellText(p, 'Specs.Inductance')).toBe('');
    expect(columnLabel('Specs.Capacitance')).toBe('Capacitance');
  });
});

test('theme and section from the host', () => {
  expect(isDarkColor('#1f1f1f')).toBe(true);
  expect(isDarkColor('#FFFFFF')).toBe(false);
  expect(isDarkColor('#fff')).toBe(false);
  expect(isDarkColor(undefined)).toBeUndefined();
  expect(sectionOf('settings')).toBe('settings');
  expect(sectionOf('nonsense')).toBe('search');
  expect(sectionOf(null)).toBe('search');
});
