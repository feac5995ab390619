/**
 * Benchmarks entry point (`npm run bench`). The benchmarks and bench/results.json arrive with the
 * performance issue.
 */

function main(): void {
  console.log('PartSpec benchmarks come with the performance issue; nothing to run yet.');
}

main();
