/**
 * The Content-Security-Policy of every page the server hosts. The taskpane loads only its own
 * scripts (and office.js from Microsoft's CDN, for a production build: see
 * contentSecurityPolicyFor), talks only to its own origin (the relay), and
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

/** Where production builds load office.js from: Microsoft's documented reference for add-ins. */
export const OFFICE_JS_CDN_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** The CDN's origin, which office.js also loads its host-specific parts from. */
const OFFICE_JS_CDN_ORIGIN = new URL(OFFICE_JS_CDN_URL).origin;

/** The header value for a directive table, as helmet writes it. */
function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

/**
 * The policy of one hosted page: a page built to load office.js from Microsoft's CDN may load
 * scripts from that origin too; a page of a self-hosted build (PARTSPEC_OFFICE_JS=local) keeps
 * everything to 'self'.
 */
export function contentSecurityPolicyFor(html: string): string {
  const usesCdn = html.includes(OFFICE_JS_CDN_URL);
  return policyText(usesCdn ? { ...CONTENT_SECURITY_POLICY, scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, OFFICE_JS_CDN_ORIGIN] } : CONTENT_SECURITY_POLICY);
}
