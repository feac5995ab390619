/**
 * A clock for the server's `now` options that runs with real time and can be moved forward at once.
 * Waiting out a token recheck, a grace period or a link's life then costs nothing, while timers,
 * sockets, ioredis and rate-limiter-flexible (which read the real time themselves) run as in
 * production. Jest's fake timers would stop those too.
 */
export interface JumpingClock {
  /** Real time plus every jump so far. */
  now(): number;
  /** Moves the clock `ms` forward. */
  advance(ms: number): void;
}

export function jumpingClock(): JumpingClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}
