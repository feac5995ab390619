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
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: NODE_GLOBALS },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: NODE_GLOBALS },
  },
);
