/* Text as XML carries it: one escape for every part PartSpec writes (sheets, charts, drawings, relationships). */

// Characters XML 1.0 does not allow (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F), and those that need escaping.
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text safe inside an XML element or a double-quoted attribute: escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(/[&<>"\r]/g, (c) => ESCAPES[c]);
}
