import { getEventListeners } from 'node:events';
import { CancelledError, createLimiter } from '../../../api';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Date.now as the limiter reads it, with its last reading kept. A task started by the limiter
 * records `last`, the limiter's own reading at the start, rather than reading the clock again on
 * its first line: on a busy machine the worker may be descheduled between the two, so a start
 * would look milliseconds later than the limiter made it.
 */
function recordingClock(): { last: number; now: () => number } {
  const clock = { last: 0, now: () => (clock.last = Date.now()) };
  return clock;
}

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
    const clock = recordingClock();
    const limiter = createLimiter({ concurrency: 10, rateLimit: { requests: 3, perMs: 100 }, now: clock.now });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => limiter.run(async () => void starts.push(clock.last))));
    expect(starts).toHaveLength(7);
    for (let i = 3; i < starts.length; i++) expect(starts[i] - starts[i - 3]).toBeGreaterThanOrEqual(100);
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

  test('a 429 holds every start until its Retry-After and widens the gap; later answers narrow it', async () => {
    const clock = recordingClock();
    const limiter = createLimiter({ concurrency: 4, now: clock.now });
    // The hold counts from the 429's arrival: measured from there, not from after the checks below
    // (a busy machine may spend milliseconds between them).
    const asked = Date.now();
    limiter.observe({ limited: true, waitMs: 120 });
    expect(limiter.gapMs).toBe(100);
    expect(limiter.holdMs).toBeGreaterThan(100);
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 3 }, () => limiter.run(async () => void starts.push(clock.last))));
    expect(starts[0] - asked).toBeGreaterThanOrEqual(120);
    // The gap keeps starts apart even with free slots.
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(100);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(100);
    limiter.observe({ limited: true });
    expect(limiter.gapMs).toBe(200);
    for (let i = 0; i < 10; i++) limiter.observe({ limited: false });
    expect(limiter.gapMs).toBeCloseTo(200 * 0.97 ** 10, 5);
    for (let i = 0; i < 200; i++) limiter.observe({ limited: false });
    expect(limiter.gapMs).toBe(0);
  });

  test('a one-shot request (paced: false) is not held back by a long Retry-After', async () => {
    const limiter = createLimiter({ concurrency: 2 });
    limiter.observe({ limited: true, waitMs: 60_000 });
    await expect(limiter.run(async () => 'answered', undefined, { paced: false })).resolves.toBe('answered');
    expect(limiter.holdMs).toBeGreaterThan(50_000);
  });

  test('a cancelled waiter leaves no listener on its signal; one signal carries one listener however many wait', async () => {
    const limiter = createLimiter({ concurrency: 1 });
    const controller = new AbortController();
    const release = tick(20);
    const waiting = Array.from({ length: 30 }, () => limiter.run(() => release, controller.signal));
    expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
    await Promise.all(waiting);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const late = limiter.run(() => tick(50), controller.signal);
    const dropped = limiter.run(async () => 'never', controller.signal);
    controller.abort();
    await expect(dropped).rejects.toBeInstanceOf(CancelledError);
    await late;
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
