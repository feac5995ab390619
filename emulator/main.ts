/**
 * Command line of the local Product Information API emulator (Node-only):
 * `npm run emulator -- --port 0 --latency 20-200`. Stays up until SIGINT or SIGTERM.
 */
import { DEMO_KEY } from './options';
import { UsageError, USAGE, parseCliArgs } from './cli-args';
import { startEmulator } from './server';
import { terminalText } from '../node/terminal-text';
import { describeError } from '../node/errors';

/** Runs the emulator with command-line arguments (without the node and script names). */
export async function runEmulatorCli(argv: readonly string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseCliArgs([...argv]);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${terminalText(error.message)}\nRun with --help for the options.`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const { options } = parsed;
  const emulator = await startEmulator(options);
  const keys = options.keys ?? [DEMO_KEY];
  console.log(`PartSpec API emulator listening on ${emulator.url}`);
  if (emulator.downloadUrl) console.log(`  category files: ${emulator.downloadUrl}`);
  if (options.noCors) console.log('  CORS: off (preflights answered 403), like a gateway without CORS');
  const asOf = emulator.catalog.asOf ? `, as of ${emulator.catalog.asOf}` : '';
  console.log(`  products: ${emulator.catalog.products.length} (seed ${emulator.catalog.seed}${asOf})`);
  if (emulator.realNumbers) console.log("  real part numbers (GRM…, LQM…, DFE…): answered with specs decoded from the number (synthetic; --no-real-numbers turns this off)");
  // Only the public demo key is ever printed; other keys are the user's secrets.
  if (keys.includes(DEMO_KEY)) console.log(`  API key:  ${DEMO_KEY}`);
  else console.log(`  API keys: ${keys.length} configured with --key`);
  console.log('  Press Ctrl+C to stop.');
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  runEmulatorCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`The emulator could not start: ${terminalText(describeError(error, { secrets: [] }))}`);
    process.exit(1);
  });
}
