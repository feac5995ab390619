import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { redisServerPath } from './system-tools';

/**
 * A real `redis-server` for tests and benchmarks: its own free port on 127.0.0.1, nothing written
 * to disk (`--save '' --appendonly no`), and the means to kill it hard and start it again on the
 * same port, as an operator's Redis restart looks to the PartSpec servers using it.
 */
export interface RedisServerFixture {
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  /** True while the process runs. */
  running(): boolean;
  /** SIGKILL: connections drop at once, nothing is saved. */
  kill(): Promise<void>;
  /** Starts a fresh, empty server on the same port (after `kill`). */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: Redis keeps its connections but answers nothing, like a Redis stuck on a slow command. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const redisArgs = (port: number): string[] => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];

/**
 * Runs redis-server under `sh`, which stops it once this process's end of `sh`'s stdin closes: when
 * this process exits, however it ends (a jest worker can be killed), the server goes with it.
 */
const TIED = ['-c', '"$0" "$@" & server=$!; cat >/dev/null; kill $server'];

function launch(binary: string, port: number, tied = false): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = tied
      ? spawn('sh', [...TIED, binary, ...redisArgs(port)], { stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn(binary, redisArgs(port), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start on port ${port}: ${output.slice(-500)}`));
    }, 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code} before it was ready: ${output.slice(-500)}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts redis-server on a free port and resolves once it accepts connections. */
export async function startRedisServer(): Promise<RedisServerFixture> {
  // The same lookup as the provisioning step (PARTSPEC_REDIS_SERVER, PATH, usual folders).
  const binary = redisServerPath();
  const port = await findFreePort();
  let child: ChildProcess | undefined = await launch(binary, port);
  const alive = (): boolean => !!child && child.exitCode === null && child.signalCode === null;

  const kill = async (): Promise<void> => {
    if (!child) return;
    const current = child;
    child = undefined;
    current.kill('SIGKILL');
    await waitForExit(current);
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    running: alive,
    kill,
    async restart() {
      await kill();
      // The port was just ours; a few tries cover a slow release of the socket.
      for (let attempt = 0; ; attempt += 1) {
        try {
          child = await launch(binary, port);
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    stop: kill,
  };
}

/**
 * A redis-server that lives as long as this process and keeps it from nothing: the process may
 * exit while it runs (it is stopped then), and it cannot be killed or frozen on purpose (tests that
 * do that start their own with `startRedisServer`).
 */
export async function startTiedRedisServer(): Promise<{ url: string; port: number }> {
  const port = await findFreePort();
  const child = await launch(redisServerPath(), port, true);
  // Drain what it still writes, and let this process end while it runs.
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  child.removeAllListeners('exit').removeAllListeners('error');
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  child.unref();
  return { url: `redis://127.0.0.1:${port}`, port };
}
