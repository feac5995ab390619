/**
 * `CustomFunctions` as the Excel runtime offers it to the functions bundle: `associate` records
 * each registration, and `Error` / `ErrorCode` behave like Excel's (a code and a message), so the
 * functions run unchanged and the workbench evaluates formulas through their own registration.
 */

export const ERROR_CODES = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
} as const;

/** Excel's `CustomFunctions.Error`: thrown or returned by a function to put an error value in a cell. */
export class WorkbenchFunctionError extends Error {
  readonly code: string;

  constructor(code: string, message?: string) {
    super(message ?? '');
    this.name = 'CustomFunctions.Error';
    this.code = code;
  }
}

export type CustomFunction = (...args: unknown[]) => unknown;

export interface FunctionRegistry {
  /** The function registered under an id (case-insensitive), if any. */
  get(id: string): CustomFunction | undefined;
  ids(): string[];
}

export interface CustomFunctionsShim {
  associate(idOrMappings: string | Record<string, CustomFunction>, fn?: CustomFunction): void;
  Error: typeof WorkbenchFunctionError;
  ErrorCode: typeof ERROR_CODES;
}

export function createCustomFunctionsShim(): { shim: CustomFunctionsShim; registry: FunctionRegistry } {
  const functions = new Map<string, CustomFunction>();
  const shim: CustomFunctionsShim = {
    associate(idOrMappings, fn) {
      const entries = typeof idOrMappings === 'string' ? [[idOrMappings, fn] as const] : Object.entries(idOrMappings);
      for (const [id, f] of entries) {
        if (typeof f !== 'function') throw new TypeError(`CustomFunctions.associate('${id}') needs a function.`);
        functions.set(id.toUpperCase(), f);
      }
    },
    Error: WorkbenchFunctionError,
    ErrorCode: ERROR_CODES,
  };
  return {
    shim,
    registry: {
      get: (id) => functions.get(id.toUpperCase()),
      ids: () => [...functions.keys()],
    },
  };
}
