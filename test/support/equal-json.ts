/**
 * `expect(actual).toEqual(expected)` for large values (a whole category of products): compared
 * as JSON text first, which costs a fraction of jest's deep walk; only when the texts differ does
 * jest compare them, for its diff. As strict as toEqual: equal texts mean equal values, and
 * values whose texts differ only in key order still pass through toEqual. For plain data only (a
 * Date and its ISO text, or NaN and null, have the same JSON).
 */
export function expectEqualJson(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) === JSON.stringify(expected)) return;
  expect(actual).toEqual(expected);
}
