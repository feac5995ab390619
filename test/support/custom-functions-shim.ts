/**
 * Excel provides `CustomFunctions` in its runtime; Node does not. This shim gives the tests the
 * same two things the functions use — the Error class and the ErrorCode values — so the
 * functions run unchanged and their error values can be asserted on.
 */

export class ShimFunctionError extends Error {
  readonly code: string;

  constructor(code: string, message?: string) {
    super(message);
    this.code = code;
  }
}

const ERROR_CODES = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
};

/** Installs the shim once per test file (Excel's own object is never replaced). */
export function installCustomFunctionsShim(): void {
  const scope = globalThis as { CustomFunctions?: unknown };
  scope.CustomFunctions ??= { Error: ShimFunctionError, ErrorCode: ERROR_CODES };
}

/** The code and message of an error value, for assertions. */
export function describeError(value: unknown): { code: string; message: string } | undefined {
  if (value instanceof ShimFunctionError) return { code: value.code, message: value.message };
  return undefined;
}
