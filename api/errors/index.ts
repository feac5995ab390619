/** The client's typed errors: one class per file, each with its type guard. */
export * from './api-error';
export * from './http-error';
export * from './bad-request-error';
export * from './auth-error';
export * from './not-found-error';
export * from './uri-too-long-error';
export * from './rate-limit-error';
export * from './server-error';
export * from './network-error';
export * from './timeout-error';
export * from './cancelled-error';
export * from './download-format-error';
export * from './validation-error';
export { redact, REDACTED } from './redact';
