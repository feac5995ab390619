/**
 * The Content-Security-Policy of every page the server hosts. The taskpane loads only its own
 * scripts (office.js included, from our build), talks only to its own origin (the relay), and
 * Fluent UI writes its styles at run time, hence 'unsafe-inline' for styles only. No
 * frame-ancestors: Excel on the web shows the taskpane in a frame of its own pages.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};
