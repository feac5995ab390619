/**
 * Which Office API members the add-in's code touches, and whether the manifest's requirement sets
 * admit each one, judged from Microsoft's own `[Api set: ExcelApi 1.18]` tags in @types/office-js
 * and @types/custom-functions-runtime. The TypeScript type checker resolves every property access
 * to its declaration; a member whose set is above the manifest's floor must sit lexically under a
 * run-time check:
 *
 *   if (supports('ExcelApi', '1.18')) { …the member… } else { …the fallback… }
 *   if (!supports('ExcelApi', '1.18')) return fallback();   …the member…
 *   supports('ExcelApi', '1.18') ? …the member… : …the fallback…
 *   supports('ExcelApi', '1.18') && …the member…
 *
 * `supports` is src/sheets/requirements.ts; a direct `isSetSupported('ExcelApi', '1.18')` counts too.
 * Shared by test/manifest/requirement-sets.test.ts and `npm run validate`.
 */
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

/** Declaration files whose tags are read: Microsoft's typings of Office.js and the custom functions runtime. */
const OFFICE_TYPINGS = /[\\/]@types[\\/](office-js|custom-functions-runtime|office-runtime)[\\/]/;
const API_SET_TAG = /\[Api set: ([A-Za-z]+) ([0-9]+(?:\.[0-9]+)*|BETA)/;
const GUARD_NAMES = new Set(['supports', 'isSetSupported']);
/**
 * Sets of other Office applications. The common API's members (an add-in command's
 * `event.completed`) carry Outlook's tag in the typings although Excel has them too.
 */
const OTHER_HOSTS = /^(Mailbox|Word|PowerPoint|OneNote|Visio|Outlook)/;

/** Compares dotted versions ("1.9" < "1.18"); BETA is above every number. */
function compareVersions(a, b) {
  if (a === b) return 0;
  if (a === 'BETA') return 1;
  if (b === 'BETA') return -1;
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] || 0) - (y[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The requirement sets a manifest.xml declares: `{ ExcelApi: '1.12', SharedRuntime: '1.1', … }`
 * (a `<Set>` without MinVersion takes the `<Sets DefaultMinVersion>`).
 * @param {string} xml
 * @returns {Record<string, string>}
 */
function readDeclaredSets(xml) {
  /** @type {Record<string, string>} */
  const sets = {};
  const block = /<Sets\b([^>]*)>([\s\S]*?)<\/Sets>/.exec(xml);
  if (!block) return sets;
  const fallback = (/DefaultMinVersion="([^"]+)"/.exec(block[1]) || [])[1] || '1.1';
  for (const [, attrs] of block[2].matchAll(/<Set\b([^>]*)\/?>/g)) {
    const name = (/Name="([^"]+)"/.exec(attrs) || [])[1];
    if (name) sets[name] = (/MinVersion="([^"]+)"/.exec(attrs) || [])[1] || fallback;
  }
  return sets;
}

/** The `[Api set: …]` of a declaration (the first set its JSDoc names), or undefined. */
function apiSetOf(declaration) {
  const source = declaration.getSourceFile();
  const leading = source.text.slice(declaration.getFullStart(), declaration.getStart(source));
  const match = API_SET_TAG.exec(leading);
  return match ? { set: match[1], version: match[2] } : undefined;
}

/**
 * A property of an Excel interface (the cell value types, `Excel.EntityCellValue`…): plain data
 * the add-in builds and reads itself, which asks nothing of the host. What the host must support
 * is where such a value is handed to Excel (a custom function's result: CustomFunctionsRuntime).
 */
function isCellValueData(declaration) {
  return ts.isPropertySignature(declaration) && ts.isInterfaceDeclaration(declaration.parent);
}

/** `supports('ExcelApi', '1.18')` or `….isSetSupported('ExcelApi', '1.18')` → { set, version }. */
function guardCall(node) {
  if (!ts.isCallExpression(node)) return undefined;
  const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
  if (!ts.isIdentifier(callee) || !GUARD_NAMES.has(callee.text)) return undefined;
  const [set, version] = node.arguments;
  if (!set || !ts.isStringLiteralLike(set)) return undefined;
  return { set: set.text, version: version && ts.isStringLiteralLike(version) ? version.text : '1.1' };
}

/** The guards that hold when `condition` is true (`positive`) or false (not `positive`). */
function guardsOf(condition, positive) {
  let node = condition;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) return guardsOf(node.operand, !positive);
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    // a && b true: both hold; a || b false: neither holds.
    if ((op === ts.SyntaxKind.AmpersandAmpersandToken && positive) || (op === ts.SyntaxKind.BarBarToken && !positive)) {
      return [...guardsOf(node.left, positive), ...guardsOf(node.right, positive)];
    }
    return [];
  }
  if (ts.isAwaitExpression(node)) return guardsOf(node.expression, positive);
  const call = guardCall(node);
  return call && positive ? [call] : [];
}

/** True when a statement always leaves its block (return, throw, or a block ending in one). */
function exits(statement) {
  if (!statement) return false;
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) return exits(statement.statements[statement.statements.length - 1]);
  return false;
}

/** Every guard that lexically encloses `node`. */
function enclosingGuards(node) {
  const guards = [];
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent)) {
      if (child === parent.thenStatement) guards.push(...guardsOf(parent.expression, true));
      if (child === parent.elseStatement) guards.push(...guardsOf(parent.expression, false));
    } else if (ts.isConditionalExpression(parent)) {
      if (child === parent.whenTrue) guards.push(...guardsOf(parent.condition, true));
      if (child === parent.whenFalse) guards.push(...guardsOf(parent.condition, false));
    } else if (ts.isBinaryExpression(parent) && child === parent.right) {
      if (parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) guards.push(...guardsOf(parent.left, true));
      if (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken) guards.push(...guardsOf(parent.left, false));
    } else if (ts.isBlock(parent) || ts.isSourceFile(parent)) {
      // `if (!supports(…)) return …;` guards the statements after it.
      for (const statement of parent.statements) {
        if (statement === child) break;
        if (ts.isIfStatement(statement) && !statement.elseStatement && exits(statement.thenStatement)) {
          guards.push(...guardsOf(statement.expression, false));
        }
      }
    }
  }
  return guards;
}

/**
 * Every Office member the files touch, with its set and whether the manifest or a guard covers it.
 * @param {object} options
 * @param {string[]} options.files TypeScript sources (the production code)
 * @param {Record<string, string>} options.declared the manifest's sets (readDeclaredSets)
 * @param {import('typescript').CompilerOptions} [options.compilerOptions]
 * @returns {{ uses: Array<{ file: string, line: number, member: string, set: string, version: string, covered: 'manifest' | 'guard' | false }>, problems: string[] }}
 */
function checkRequirementSets({ files, declared, compilerOptions = {} }) {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['office-js', 'custom-functions-runtime', 'office-runtime', 'node'],
    ...compilerOptions,
  });
  const checker = program.getTypeChecker();
  const wanted = new Set(files.map((f) => path.resolve(f)));
  const uses = [];
  for (const source of program.getSourceFiles()) {
    if (!wanted.has(path.resolve(source.fileName))) continue;
    const visit = (node) => {
      if (ts.isPropertyAccessExpression(node) || (ts.isCallExpression(node) && ts.isIdentifier(node.expression))) {
        const name = ts.isPropertyAccessExpression(node) ? node.name : node.expression;
        let symbol = checker.getSymbolAtLocation(name);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = (symbol && symbol.declarations ? symbol.declarations : []).find((d) => OFFICE_TYPINGS.test(d.getSourceFile().fileName));
        const tag = declaration && !isCellValueData(declaration) && apiSetOf(declaration);
        if (tag && !OTHER_HOSTS.test(tag.set)) {
          const parent = declaration.parent && declaration.parent.name ? `${declaration.parent.name.getText()}.` : '';
          const floor = declared[tag.set];
          const byManifest = floor !== undefined && compareVersions(tag.version, floor) <= 0;
          const byGuard = !byManifest && enclosingGuards(node).some((g) => g.set === tag.set && compareVersions(tag.version, g.version) <= 0);
          const { line } = source.getLineAndCharacterOfPosition(name.getStart(source));
          uses.push({
            file: source.fileName,
            line: line + 1,
            member: `${parent}${name.text}`,
            set: tag.set,
            version: tag.version,
            covered: byManifest ? 'manifest' : byGuard ? 'guard' : false,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const problems = uses
    .filter((u) => !u.covered)
    .map((u) => `${u.file}:${u.line} ${u.member} needs ${u.set} ${u.version}, above the manifest's ${u.set} ${declared[u.set] || '(not declared)'}, and no supports('${u.set}', '${u.version}') guards it`);
  return { uses, problems };
}

/** The add-in's production sources: src/ without the workbench (a development stand-in for Excel). */
function listProductionSources(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, 'src', 'workbench')) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(full);
      }
    }
  };
  walk(path.join(root, 'src'));
  return found.sort();
}

module.exports = { compareVersions, readDeclaredSets, checkRequirementSets, listProductionSources };
