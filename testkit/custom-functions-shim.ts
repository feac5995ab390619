/**
 * Excel provides `CustomFunctions` in its runtime; Node does not. This shim gives the tests the
 * same two things the functions use — the Error class and the ErrorCode values — so the
 * functions run unchanged and their error values can be asserted on. Both are the workbench's, so
 * an error value reads the same whichever of the two installed `CustomFunctions`.
 */
import { ERROR_CODES, WorkbenchFunctionError } from '../src/workbench/custom-functions-host';

/** Installs the shim once per test file (Excel's own object is never replaced). */
export function installCustomFunctionsShim(): void {
  const scope = globalThis as { CustomFunctions?: unknown };
  scope.CustomFunctions ??= { Error: WorkbenchFunctionError, ErrorCode: ERROR_CODES };
}

/** The code and message of an error value, for assertions. */
export function describeError(value: unknown): { code: string; message: string } | undefined {
  if (value instanceof WorkbenchFunctionError) return { code: value.code, message: value.message };
  return undefined;
}
