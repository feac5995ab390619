#!/usr/bin/env node
/**
 * Fails on an exported name that no other file imports: an export nobody uses is a door that looks
 * open, so a reader believes it is part of a module's contract. Run by `npm run lint`.
 *
 * Every TypeScript file of tsconfig.json is read with the compiler's own resolution, so a name
 * imported through a re-export, `import type` or `import('…').Name` counts as used, and a
 * namespace import (`import * as`), `import()`, `require` or `jest.mock` counts every name of its
 * module, as the module may be passed on whole. A type that another declaration of its own file
 * names (an option type of an exported function) may stay exported: callers may need to name it. Imports from tests, bench/ and scripts count; exports of the entry points (the programs'
 * mains, the webpack entries, the commands the command line loads) are not checked, as something
 * outside the TypeScript program loads them.
 *
 * `node scripts/dead-exports.js [--root DIR] [--project tsconfig.json] [--typecheck]`; exit 1 with
 * one line per dead export (`path:line name`), 0 when there is none. `--typecheck` also reports the
 * program's type errors as `tsc --noEmit -p tsconfig.json` does (and fails on them): `npm test`
 * runs the two checks on this one program instead of building it twice (scripts/test.js).
 */
const path = require('path');
const ts = require('typescript');

/** The folders whose exports must each be imported somewhere. */
const CHECKED_DIRS = ['api', 'core', 'ooxml', 'node', 'src', 'cli', 'mcp', 'server', 'emulator'];

/**
 * Files something outside the TypeScript program loads (webpack, bin/partspec.js, tsx, the
 * Office host): their exports are their interface to that loader.
 */
const ENTRY_FILES = [
  'cli/main.ts',
  'emulator/main.ts',
  'emulator/index.ts',
  'server/serve.ts',
  'mcp/stdio.ts',
  'src/functions/functions.ts',
  'src/commands/commands.ts',
  'src/taskpane/index.tsx',
  'src/workbench/index.tsx',
];

/** A call whose string argument names a module it loads whole. */
const LOADING_CALLS = new Set(['require', 'require.resolve', 'jest.mock', 'jest.requireActual', 'jest.doMock', 'jest.unstable_mockModule']);

/** The TypeScript program of the project at `root`, as `tsc --noEmit -p project` builds it. */
function createProjectProgram({ root, project = 'tsconfig.json' }) {
  const configPath = path.resolve(root, project);
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  return { program, options: parsed.options };
}

/**
 * Lists the dead exports of the project at `root` (of `program` when given, else its own).
 * @param {{ root: string, project?: string, program?: { program: import('typescript').Program, options: import('typescript').CompilerOptions } }} options
 * @returns {{ file: string, line: number, name: string }[]} sorted by file and line
 */
function findDeadExports({ root, project = 'tsconfig.json', program: given }) {
  const { program, options: compilerOptions } = given ?? createProjectProgram({ root, project });
  const checker = program.getTypeChecker();
  const relative = (fileName) => path.relative(root, fileName).split(path.sep).join('/');
  const own = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !relative(file.fileName).startsWith('..') && !file.fileName.includes('/node_modules/'));

  /** The declaration a name finally stands for, through every import and re-export. */
  const resolve = (symbol) => {
    let current = symbol;
    const seen = new Set();
    while (current && current.flags & ts.SymbolFlags.Alias && !seen.has(current)) {
      seen.add(current);
      const next = checker.getAliasedSymbol(current);
      if (!next || next === current || next.flags & ts.SymbolFlags.ValueModule && next.valueDeclaration && ts.isSourceFile(next.valueDeclaration)) {
        return next;
      }
      current = next;
    }
    return current;
  };

  const used = new Set();
  const markSymbol = (symbol) => {
    if (symbol) used.add(resolve(symbol));
  };
  const markModule = (fileName) => {
    const file = program.getSourceFile(fileName);
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    if (!moduleSymbol) return;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) markSymbol(exported);
  };
  const resolveModule = (specifier, containing) => {
    const found = ts.resolveModuleName(specifier, containing, compilerOptions, ts.sys).resolvedModule;
    return found && !found.isExternalLibraryImport ? found.resolvedFileName : undefined;
  };
  const calleeName = (expression) => {
    if (ts.isIdentifier(expression)) return expression.text;
    if (ts.isPropertyAccessExpression(expression)) {
      const left = calleeName(expression.expression);
      return left && `${left}.${expression.name.text}`;
    }
    return undefined;
  };

  for (const file of own) {
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const clause = node.importClause;
        if (clause.name) markSymbol(checker.getSymbolAtLocation(clause.name));
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          const target = resolveModule(node.moduleSpecifier.text, file.fileName);
          if (target) markModule(target);
        } else if (bindings) {
          for (const element of bindings.elements) markSymbol(checker.getSymbolAtLocation(element.name));
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.exportClause) {
        // `export * from`: what passes through is counted where it is imported by name.
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && node.exportClause && ts.isNamespaceExport(node.exportClause)) {
        const target = resolveModule(node.moduleSpecifier.text, file.fileName);
        if (target) markModule(target);
      } else if (ts.isImportTypeNode(node)) {
        const argument = node.argument;
        const specifier = ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal) ? argument.literal.text : undefined;
        if (node.qualifier) {
          const head = ts.isIdentifier(node.qualifier) ? node.qualifier : leftmost(node.qualifier);
          markSymbol(checker.getSymbolAtLocation(head));
        } else if (specifier) {
          const target = resolveModule(specifier, file.fileName);
          if (target) markModule(target);
        }
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
        const loads = node.expression.kind === ts.SyntaxKind.ImportKeyword || LOADING_CALLS.has(calleeName(node.expression));
        if (loads) {
          const target = resolveModule(node.arguments[0].text, file.fileName);
          if (target) markModule(target);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const checked = own.filter((file) => {
    const name = relative(file.fileName);
    return CHECKED_DIRS.includes(name.split('/')[0]) && !ENTRY_FILES.includes(name) && !name.startsWith('cli/commands/');
  });
  const dead = [];
  /** Names a file refers to besides where it declares them: a type another export's signature uses. */
  const namesUsedIn = (file) => {
    const names = new Set();
    const visit = (node) => {
      if (ts.isIdentifier(node) && !(node.parent && ts.isDeclaration(node.parent) && node.parent.name === node)) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol) names.add(resolve(symbol));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return names;
  };
  for (const file of checked) {
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    let inFile;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = resolve(exported);
      if (used.has(target)) continue;
      // What `export * from` passes through is reported where it is declared.
      const declaredHere = (exported.declarations ?? []).some((declaration) => declaration.getSourceFile() === file);
      if (!declaredHere) continue;
      if (!(target.flags & ts.SymbolFlags.Value)) {
        inFile ??= namesUsedIn(file);
        if (inFile.has(target)) continue;
      }
      const declaration = (exported.declarations ?? [])[0];
      const line = declaration ? file.getLineAndCharacterOfPosition(declaration.getStart(file)).line + 1 : 1;
      dead.push({ file: relative(file.fileName), line, name: exported.name });
    }
  }
  return dead.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The first name of a dotted qualifier (`a` of `a.b.c`). */
function leftmost(name) {
  return ts.isIdentifier(name) ? name : leftmost(name.left);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (flag, fallback) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const root = path.resolve(option('--root', path.join(__dirname, '..')));
  const project = option('--project', 'tsconfig.json');
  const program = createProjectProgram({ root, project });
  let failed = false;
  if (args.includes('--typecheck')) {
    // The type-check first: its errors are what `npm run typecheck` prints, in tsc's own format.
    const errors = ts.getPreEmitDiagnostics(program.program);
    if (errors.length > 0) {
      const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
      // As tsc: colours and source lines on a terminal, one plain line per error in a log.
      const format = process.stderr.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
      console.error(format(errors, host));
      console.error(`${errors.length} type error${errors.length === 1 ? '' : 's'}.`);
      failed = true;
    }
  }
  const dead = findDeadExports({ root, project, program });
  for (const { file, line, name } of dead) console.error(`${file}:${line} ${name} is exported but nothing imports it`);
  if (dead.length > 0) {
    console.error(`${dead.length} dead export${dead.length === 1 ? '' : 's'}: remove the export (or the code) so a module shows only what others use.`);
    failed = true;
  }
  if (failed) process.exit(1);
}

module.exports = { findDeadExports, ENTRY_FILES };
