import { isApiError } from '../../api/errors/api-error';
import { isAuthError } from '../../api/errors/auth-error';
import { isCancelledError } from '../../api/errors/cancelled-error';
import { attemptsText, isHttpError } from '../../api/errors/http-error';
import { isNetworkError } from '../../api/errors/network-error';
import { isRateLimitError } from '../../api/errors/rate-limit-error';
import { isServerError } from '../../api/errors/server-error';
import { isTimeoutError } from '../../api/errors/timeout-error';
import { isValidationError } from '../../api/errors/validation-error';

/**
 * The only two error values that carry a message to the cell: `#N/A` (the data is not there: part
 * not found, field not applicable, service unreachable) and `#VALUE!` (an argument is wrong).
 */
export type FunctionErrorCode = '#N/A' | '#VALUE!';

/** Longest message kept: Excel shows it in a small tooltip. */
export const MAX_MESSAGE_LENGTH = 250;

const NO_API_KEY_MESSAGE = 'No API key — open PartSpec ▸ Settings';
const NO_BASE_URL_MESSAGE = 'No API address — open PartSpec ▸ Settings';

/**
 * Stands in for `CustomFunctions.Error` where the host has none (Node, a plain browser page). It
 * has the same two fields, so a value built here is returned or thrown the same way.
 */
export class FallbackFunctionError extends Error {
  readonly code: FunctionErrorCode;

  constructor(code: FunctionErrorCode, message?: string) {
    super(message);
    this.code = code;
  }
}

type ErrorConstructor = new (code: CustomFunctions.ErrorCode, message?: string) => CustomFunctions.Error;

/** Excel's own class when the runtime has it (looked up per call: the host may install it late). */
function errorClass(): ErrorConstructor {
  const host = (globalThis as { CustomFunctions?: { Error?: ErrorConstructor } }).CustomFunctions;
  return host?.Error ?? (FallbackFunctionError as unknown as ErrorConstructor);
}

function shorten(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message;
}

/** A `CustomFunctions.Error` with this code and message. */
export function createFunctionError(code: FunctionErrorCode, message: string): CustomFunctions.Error {
  const Ctor = errorClass();
  return new Ctor(code as CustomFunctions.ErrorCode, shorten(message));
}

/** `#N/A` with a message: the data is not available. */
function notAvailable(message: string): CustomFunctions.Error {
  return createFunctionError('#N/A', message);
}

/** `#VALUE!` with a message: an argument is wrong. */
function invalidValue(message: string): CustomFunctions.Error {
  return createFunctionError('#VALUE!', message);
}

/** True for an error value made by this module (or by Excel's class). */
export function isFunctionError(value: unknown): value is CustomFunctions.Error {
  if (value instanceof FallbackFunctionError) return true;
  const Ctor = errorClass();
  return value instanceof Ctor;
}

/**
 * A thrown argument problem that is not yet an error value (functions build messages in pure code
 * and turn them into `CustomFunctions.Error` only here, at the edge).
 */
export class ArgumentProblem extends Error {
  override readonly name = 'ArgumentProblem';
  readonly code: FunctionErrorCode;

  constructor(code: FunctionErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

function statusText(status: number, meaning: string | undefined): string {
  return meaning ? `${status}: ${meaning}` : String(status);
}

/**
 * The cell error for anything a function caught: its own error values pass through, argument
 * problems keep their code, client failures become `#N/A` with what happened and what to do.
 * Nothing is dropped: an unexpected error becomes `#N/A` with its message.
 */
export function toFunctionError(error: unknown): CustomFunctions.Error {
  if (isFunctionError(error)) return error;
  if (error instanceof ArgumentProblem) return createFunctionError(error.code, error.message);
  if (isValidationError(error)) {
    if (error.field === 'apiKey') return notAvailable(NO_API_KEY_MESSAGE);
    if (error.field === 'baseUrl') return notAvailable(NO_BASE_URL_MESSAGE);
    return invalidValue(error.message);
  }
  if (isAuthError(error)) {
    return notAvailable(`API key rejected (${statusText(error.status, error.meaning)}) — check it in PartSpec ▸ Settings`);
  }
  if (isRateLimitError(error)) {
    return notAvailable(
      `Rate limit exceeded (${statusText(error.status, error.meaning)}); still refused after ${attemptsText(error.attempts)} — wait a minute, then recalculate`,
    );
  }
  if (isServerError(error)) {
    return notAvailable(
      `Server error (${statusText(error.status, error.meaning ?? 'a problem on the server side')}); still failing after ${attemptsText(error.attempts)} — try again later`,
    );
  }
  if (isHttpError(error)) return notAvailable(`The product service refused the request (${statusText(error.status, error.meaning)})`);
  if (isNetworkError(error)) {
    // A diagnosed failure (CORS, or the address not answering) says so in the add-in's own words.
    if (error.reachability) return notAvailable(error.userMessage);
    return notAvailable('Cannot reach the product service — check the network and the API address in PartSpec ▸ Settings');
  }
  if (isTimeoutError(error)) return notAvailable('The product service did not answer in time — recalculate to try again');
  if (isCancelledError(error)) return notAvailable('Cancelled — recalculate to try again');
  if (isApiError(error)) return notAvailable(error.userMessage);
  const message = error instanceof Error ? error.message : String(error);
  return notAvailable(`Unexpected error: ${message}`);
}

/**
 * Runs a function body so that its promise settles with a value or with a `CustomFunctions.Error`,
 * never with anything else: a cell can only leave #BUSY! that way.
 */
export async function settleForExcel<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw toFunctionError(error);
  }
}
