/**
 * Machine delays (`after`) on a clock the walk moves. Every actor of the app is created with this clock (xstate's
 * public `clock` actor option, given through src/app/inspection.ts by tests/setup.ts); it keeps real time until the
 * model kit takes it over, so that in a walk a delayed transition happens exactly when a path's step says so, however
 * slow the machine running the tests.
 */

interface Timer {
  at: number;
  order: number;
  fire: () => void;
}

let manual = false;
let now = 0;
let timers: Timer[] = [];
let scheduled = 0;

/** The clock of every actor the app creates in tests: real timers, or the walk's once `takeOver()` is called. */
export const machineClock = {
  setTimeout(fire: () => void, ms: number): unknown {
    if (!manual) return setTimeout(fire, ms);
    scheduled += 1;
    const timer = { at: now + ms, order: scheduled, fire };
    timers.push(timer);
    return timer;
  },
  clearTimeout(id: unknown): void {
    if (timers.includes(id as Timer)) timers = timers.filter((timer) => timer !== id);
    else clearTimeout(id as Parameters<typeof clearTimeout>[0]);
  },
  /** From now on, in this test file, machine delays wait for `advance`. */
  takeOver(): void {
    manual = true;
  },
  /** Moves the clock on by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.fire();
    }
    now = until;
  },
  /** Drops every pending timer: between paths. */
  reset(): void {
    timers = [];
  },
};
