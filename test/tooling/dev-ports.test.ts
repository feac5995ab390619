/**
 * Ports and pid files of the development programs: `npm start`, `partspec emulator` and
 * `partspec serve` take their ports from flags or the environment, a port in use is one sentence,
 * and `npm stop` ends only what its own clone started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { parseCliArgs } from '../../emulator/cli-args';
import { parseServeArgs } from '../../server/cli-args';
import { makeTempDir, runCliProcess } from '../cli/helpers';

const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pidFileOf } = require('../../scripts/dev-processes') as { pidFileOf: (root: string) => string };

const temp = makeTempDir();
afterAll(() => temp.cleanup());

/** A server holding a free port, as another program would. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('ports from flags or the environment', () => {
  test('the emulator: --port, else PARTSPEC_EMULATOR_PORT, else its default', () => {
    expect(parseCliArgs([], { PARTSPEC_EMULATOR_PORT: '4711' })).toEqual({ help: false, options: { port: 4711 } });
    expect(parseCliArgs(['--port', '4712'], { PARTSPEC_EMULATOR_PORT: '4711' })).toEqual({ help: false, options: { port: 4712 } });
    expect(parseCliArgs([], {})).toEqual({ help: false, options: {} });
    expect(() => parseCliArgs([], { PARTSPEC_EMULATOR_PORT: 'http' })).toThrow("PARTSPEC_EMULATOR_PORT needs a port from 0 to 65535, not 'http'.");
  });

  test('partspec serve: --port, else PARTSPEC_SERVE_PORT, else 8080', () => {
    const port = (argv: string[], env: NodeJS.ProcessEnv): number | undefined => {
      const parsed = parseServeArgs(argv, env);
      return parsed.help ? undefined : parsed.args.port;
    };
    expect(port([], { PARTSPEC_SERVE_PORT: '9090' })).toBe(9090);
    expect(port(['--port', '9091'], { PARTSPEC_SERVE_PORT: '9090' })).toBe(9091);
    expect(port([], {})).toBe(8080);
  });
});

/** The files `partspec serve` needs to find in an add-in build before it listens. */
function siteDir(): string {
  const dir = path.join(temp.dir, 'site');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'taskpane.html'), '<!doctype html><title>PartSpec</title>');
  writeFileSync(path.join(dir, 'manifest.xml'), '<OfficeApp/>');
  writeFileSync(path.join(dir, 'functions.json'), '{"functions":[]}');
  return dir;
}

describe('a port in use is one sentence', () => {
  test.each([['emulator'], ['serve']])('partspec %s', async (command) => {
    const { port, server } = await holdPort();
    try {
      const run = await runCliProcess([command, '--port', String(port), '--host', '127.0.0.1', ...(command === 'serve' ? ['--pass-through', '--site', siteDir()] : [])], { home: temp.dir, env: { PARTSPEC_API_KEY: 'partspec-demo-key' } });
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(lines[0]).toContain('--port');
      expect(run.stderr).not.toContain('EADDRINUSE');
    } finally {
      server.close();
    }
  });

  test('npm start, before it starts anything', async () => {
    const emulator = await holdPort();
    const dev = await holdPort();
    try {
      const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/start.js'), '--emulator-port', String(emulator.port), '--dev-port', String(dev.port)], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH } });
      expect(run.status).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(`npm start: port ${emulator.port} for the emulator is already in use (another clone's npm start, or another program): stop that one, or choose another with --emulator-port N or PARTSPEC_EMULATOR_PORT.`);
    } finally {
      emulator.server.close();
      dev.server.close();
    }
  });
});

describe('the pid file belongs to the clone', () => {
  /** A clone with the stop script, and a process of its own recorded in its pid file as npm start records it. */
  function cloneWithProcess(name: string): { root: string; child: ChildProcess } {
    const root = path.join(temp.dir, name);
    mkdirSync(path.join(root, 'scripts'), { recursive: true });
    for (const file of ['stop.js', 'dev-processes.js']) copyFileSync(path.join(ROOT, 'scripts', file), path.join(root, 'scripts', file));
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    mkdirSync(path.dirname(pidFileOf(root)), { recursive: true });
    writeFileSync(pidFileOf(root), JSON.stringify({ root, start: child.pid, children: [child.pid] }));
    return { root, child };
  }

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  test('two clones have two pid files, and npm stop in one leaves the other running', async () => {
    const a = cloneWithProcess('clone-a');
    const b = cloneWithProcess('clone-b');
    try {
      expect(pidFileOf(a.root)).not.toBe(pidFileOf(b.root));
      const exited = new Promise((resolve) => a.child.once('exit', resolve));
      const stop = spawnSync(process.execPath, [path.join(a.root, 'scripts/stop.js')], { encoding: 'utf8', timeout: 30_000 });
      expect(stop.status).toBe(0);
      expect(stop.stdout).toContain('Stopped 1 of 1');
      await exited;
      expect(alive(b.child.pid!)).toBe(true);
      expect(existsSync(pidFileOf(a.root))).toBe(false);
      expect(existsSync(pidFileOf(b.root))).toBe(true);
    } finally {
      for (const { child, root } of [a, b]) {
        if (alive(child.pid!)) process.kill(child.pid!, 'SIGKILL');
        rmSync(pidFileOf(root), { force: true });
      }
    }
  });
});
