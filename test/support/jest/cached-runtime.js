/**
 * Jest's runtime, keeping V8's compiled code of each module for the next test file in the worker.
 *
 * Jest loads every module afresh for each test file, in a new context, through
 * `vm.compileFunction` with a dynamic-import callback; V8 then reuses nothing, and each file
 * parses and compiles fastify, ioredis, the workbook libraries and our own code again. Here a
 * module is compiled as a `vm.Script` whose code cache, taken when the test file ends (so it holds
 * the functions that ran, not just the top level), is handed to the next compilation of the same
 * text. Module instances are not shared: each file still runs every module in its own context.
 */
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** The wrapper's first line; `lineOffset: -1` keeps stack traces on the module's own lines. */
const PARAMETERS_LINE = (parameters) => `(function (${parameters.join(', ')}) {\n`;

/** filename → { source, data }: the transformed text and its code cache, for this worker. */
const kept = new Map();

class CachedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    /** The scripts this file compiled without a usable cache; their caches are taken at teardown. */
    const fresh = [];
    this.freshScripts = fresh;
    const executor = this.executor;
    const compile = executor.compile.bind(executor);
    const head = PARAMETERS_LINE(executor.injectedModuleParameters);
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null) return null;
      const entry = kept.get(filename);
      const cachedData = entry && entry.source === source ? entry.data : undefined;
      let script;
      try {
        script = new vm.Script(`${head}${source}\n})`, {
          filename,
          lineOffset: -1,
          cachedData,
          importModuleDynamically: (specifier, _script, attributes, ...rest) => {
            if (typeof vm.SyntheticModule !== 'function') throw new Error('You need to run with a version of node that supports ES Modules in the VM API. See https://jestjs.io/docs/ecmascript-modules');
            return executor.dynamicImport(specifier, filename, context, attributes, rest[0]);
          },
        });
      } catch {
        // Jest's own compilation turns a syntax error into its readable message.
        return compile(source, filename);
      }
      if (cachedData === undefined || script.cachedDataRejected) fresh.push({ filename, source, script });
      return script.runInContext(context, { filename });
    };
  }

  teardown() {
    for (const { filename, source, script } of this.freshScripts) {
      kept.set(filename, { source, data: script.createCachedData() });
    }
    this.freshScripts.length = 0;
    super.teardown();
  }
}

module.exports = CachedRuntime;
