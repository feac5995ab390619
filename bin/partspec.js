#!/usr/bin/env node
// The command line is TypeScript; tsx's CommonJS hook compiles it on load.
require('tsx/cjs');
require('../cli/main.ts');
