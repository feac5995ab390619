/**
 * Jest runs TypeScript through ts-jest in transpile-only mode (tsconfig has isolatedModules);
 * types are checked once by `npm run typecheck`, not per test file.
 */
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node10',
      isolatedModules: true,
      allowJs: true,
      jsx: 'react-jsx',
    },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.tsx?$': tsJest,
    // office-addin-mock reaches strip-bom and uuid, @fastify/static content-disposition, and the terminal tables get-east-asian-width, which ship as ES modules only.
    '^.+\\.[cm]?js$': tsJest,
  },
  transformIgnorePatterns: ['^(?!.*/node_modules/(strip-bom|uuid|content-disposition|get-east-asian-width)/).*/node_modules/'],
  // numfmt 4.0.1's package.json names a CommonJS file it does not ship; its CommonJS build is index.js.
  moduleNameMapper: { '^numfmt$': '<rootDir>/node_modules/numfmt/dist/index.js' },
  testTimeout: 60000,
};
