import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node globals used by our plain-JS scripts (TypeScript files get theirs from the type-checker). */
const NODE_GLOBALS = Object.fromEntries(
  [
    'require', 'module', 'exports', '__dirname', '__filename', 'process', 'console', 'Buffer',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'URL', 'AbortController',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'docs/**', 'test-results/**', 'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // A command's relative paths are its context's (CommandContext.cwd): only main() reads the
    // process's folder, so runs inside one process (the tests') may each have their own.
    files: ['cli/**/*.ts', 'core/**/*.ts'],
    ignores: ['cli/main.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'cwd', message: "Resolve paths against the command's context.cwd (pathIn), not the process's folder." },
        { object: 'process', property: 'chdir', message: "A run's folder is its context.cwd; the process's folder is shared by every run." },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: NODE_GLOBALS },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: NODE_GLOBALS },
  },
);
