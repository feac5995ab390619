import { CancelledError, createLimiter } from '../../../src/api';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('limiter', () => {
  test('never more than `concurrency` tasks at once, all tasks run', async () => {
    const limiter = createLimiter({ concurrency: 3 });
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick(5);
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  test('at most `requests` starts in any window of `perMs`', async () => {
    const limiter = createLimiter({ concurrency: 10, rateLimit: { requests: 3, perMs: 100 } });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => limiter.run(async () => void starts.push(Date.now()))));
    for (let i = 3; i < starts.length; i++) expect(starts[i] - starts[i - 3]).toBeGreaterThanOrEqual(95);
  });

  test('a waiting task whose signal fires is dropped with CancelledError', async () => {
    const limiter = createLimiter({ concurrency: 1 });
    const controller = new AbortController();
    const first = limiter.run(() => tick(30).then(() => 'first'));
    const second = limiter.run(async () => 'second', controller.signal);
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    await expect(first).resolves.toBe('first');
    expect(limiter.pending).toBe(0);
  });

  test('a failing task frees its slot', async () => {
    const limiter = createLimiter({ concurrency: 1 });
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});
