/**
 * The functions, commands and taskpane bundles each carry their own copy of the error classes but
 * share one client, so an error made by one copy must satisfy the other copy's type guards.
 */
type Errors = typeof import('../../../api/errors');

function loadCopy(): Errors {
  let copy: Errors | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual('../../../api/errors') as Errors;
  });
  return copy!;
}

test('type guards recognise errors made by another copy of the classes', () => {
  const a = loadCopy();
  const b = loadCopy();
  expect(a.AuthError).not.toBe(b.AuthError);
  const request = { method: 'GET', url: 'http://x/v2/products', headers: {} };
  const auth = new a.AuthError({ status: 403, request });
  expect(auth instanceof b.AuthError).toBe(false);
  expect(b.isAuthError(auth)).toBe(true);
  expect(b.isHttpError(auth)).toBe(true);
  expect(b.isApiError(auth)).toBe(true);
  expect(b.isRateLimitError(auth)).toBe(false);
  expect(b.isServerError(new a.ServerError({ status: 503, request }))).toBe(true);
  expect(b.isCancelledError(new a.CancelledError())).toBe(true);
  expect(b.isValidationError(new a.ValidationError('badUnit', 'x'))).toBe(true);
  expect(b.isApiError(new a.ValidationError('badUnit', 'x'))).toBe(false);
  expect(b.isApiError(new Error('plain'))).toBe(false);
  expect(b.isApiError(undefined)).toBe(false);
});

test('a subclass without a kind of its own is still its parent kind', () => {
  const errors = loadCopy();
  class NeedsHost extends errors.ApiError {}
  expect(errors.isApiError(new NeedsHost('m', 'u'))).toBe(true);
  expect(errors.isAuthError(new NeedsHost('m', 'u'))).toBe(false);
});
