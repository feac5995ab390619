import { ValidationError } from '../errors/validation-error';

export type TokenKind = 'ident' | 'string' | 'number' | 'lparen' | 'rparen' | 'comma';

export interface Token {
  kind: TokenKind;
  /** The text as written (for strings: the unescaped value). */
  text: string;
  /** 0-based offset of the token's first character. */
  pos: number;
  /** The raw source slice. */
  raw: string;
}

const UNIT_CHARS = 'A-Za-zµμΩΩ°℃';
const WIRE_NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
// A user may write a unit after the number, even after a space ("4.7 µF"), but "100 and" is not a unit.
const USER_NUMBER = new RegExp(
  `[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?(?:\\s*(?!and\\b)(?!AND\\b)[${UNIT_CHARS}]+)?`,
  'y',
);
const IDENT = /[A-Za-z_][A-Za-z0-9_.]*/y;
const NUMBERISH = /[+\-.\d]/;

/** Column (1-based) for messages. */
export const column = (pos: number): number => pos + 1;

/**
 * Splits filter text into tokens. Strings use OData quoting: `'` inside a value is written `''`.
 * `units` lets numbers carry SI prefixes and units (text a user types; never the wire).
 */
export function tokenize(text: string, units: boolean): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : 'comma', text: ch, pos: i, raw: ch });
      i++;
      continue;
    }
    if (ch === "'") {
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= text.length) {
          throw new ValidationError(
            'unbalancedQuote',
            `Unbalanced quote: the text starting at character ${column(i)} has no closing quote (write a quote inside a value as '').`,
            { position: i, token: text.slice(i) },
          );
        }
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ kind: 'string', text: value, pos: i, raw: text.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if (NUMBERISH.test(ch)) {
      const re = units ? USER_NUMBER : WIRE_NUMBER;
      re.lastIndex = i;
      const m = re.exec(text);
      // Whatever sticks to the number (letters, a second dot) belongs to the same, malformed token.
      const end = scanWord(text, m ? i + m[0].length : i);
      const raw = text.slice(i, end);
      tokens.push({ kind: 'number', text: raw.trim(), pos: i, raw });
      i = end;
      continue;
    }
    IDENT.lastIndex = i;
    const m = IDENT.exec(text);
    if (m) {
      tokens.push({ kind: 'ident', text: m[0], pos: i, raw: m[0] });
      i += m[0].length;
      continue;
    }
    const end = scanWord(text, i + 1);
    throw new ValidationError('unexpectedToken', `Unexpected '${text.slice(i, end)}' at character ${column(i)}.`, {
      position: i,
      token: text.slice(i, end),
    });
  }
  return tokens;
}

function scanWord(text: string, from: number): number {
  let j = from;
  while (j < text.length && !/[\s(),']/.test(text[j])) j++;
  return j;
}
