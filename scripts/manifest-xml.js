/**
 * The small XML reader the manifest checks use: what an add-in manifest holds (elements,
 * attributes, comments, the XML declaration, the five predefined entities and numeric
 * references), rejecting mismatched or unclosed tags rather than guessing.
 */

/**
 * @typedef {object} XmlElement
 * @property {string} name qualified name, e.g. `bt:Image`
 * @property {Record<string, string>} attrs
 * @property {XmlElement[]} children
 * @property {string} text concatenated character data
 * @property {number} [line] line of the start tag
 */

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    if (!(ref in ENTITIES)) throw new Error(`unknown entity ${whole}`);
    return ENTITIES[ref];
  });
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/**
 * Parses XML into `{ name, attrs, children, text }` elements (names keep their prefix, e.g.
 * `bt:Image`). Throws with a line number on malformed input.
 * @param {string} text
 * @returns {XmlElement} the root element
 */
function parseXml(text) {
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|([^<]+)/g;
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  /** @type {XmlElement} */
  const document = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [document];
  let match;
  while ((match = token.exec(text)) !== null) {
    const [whole, cdata, closing, name, attrText, selfClosing, chars] = match;
    const top = stack[stack.length - 1];
    if (whole === '<') throw new Error(`malformed tag at line ${lineOf(text, match.index)}`);
    if (chars !== undefined || cdata !== undefined) {
      const value = cdata !== undefined ? cdata : decodeEntities(chars);
      if (top === document) {
        if (value.trim()) throw new Error(`text outside the root element at line ${lineOf(text, match.index)}`);
      } else {
        top.text += value;
      }
      continue;
    }
    if (!name) continue;
    if (closing) {
      if (top.name !== name) {
        throw new Error(`</${name}> closes <${top.name}> at line ${lineOf(text, match.index)}`);
      }
      stack.pop();
      continue;
    }
    /** @type {Record<string, string>} */
    const attrs = {};
    for (const [, key, dq, sq] of attrText.matchAll(attribute)) {
      if (key in attrs) throw new Error(`duplicate attribute ${key} at line ${lineOf(text, match.index)}`);
      attrs[key] = decodeEntities(dq !== undefined ? dq : sq);
    }
    /** @type {XmlElement} */
    const element = { name, attrs, children: [], text: '', line: lineOf(text, match.index) };
    if (top === document && document.children.length) {
      throw new Error(`second root element <${name}> at line ${element.line}`);
    }
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 1) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (!document.children.length) throw new Error('no root element');
  return document.children[0];
}

/** Local name without namespace prefix. */
const localName = (element) => element.name.replace(/^.*:/, '');

/**
 * Every descendant (depth first) whose local name is `name`.
 * @param {XmlElement} element
 * @param {string} name
 * @param {XmlElement[]} [found]
 * @returns {XmlElement[]}
 */
function findAll(element, name, found = []) {
  for (const child of element.children) {
    if (localName(child) === name) found.push(child);
    findAll(child, name, found);
  }
  return found;
}

/**
 * @param {XmlElement} element
 * @param {string} name
 * @returns {XmlElement | undefined}
 */
function findFirst(element, name) {
  return findAll(element, name)[0];
}

/** Every descendant (depth first) that carries a `resid` attribute. */
function findAllWithResid(element, found = []) {
  for (const child of element.children) {
    if (child.attrs.resid !== undefined) found.push(child);
    findAllWithResid(child, found);
  }
  return found;
}

module.exports = { parseXml, localName, findAll, findFirst, findAllWithResid };
