/**
 * Machine delays (`after`) on a clock the walk moves: XState's default clock, which every actor without its own clock
 * uses, is turned into a manual one while this module is loaded, so that a delayed transition happens exactly when a
 * path's step says so, however slow the machine running the tests.
 */
import { createEmptyActor } from 'xstate';

interface Timer {
  id: number;
  at: number;
  fire: () => void;
}

let now = 0;
let timers: Timer[] = [];
let lastId = 0;

/** The clock every machine actor without its own clock uses while this kit is loaded. */
export const machineClock = {
  setTimeout(fire: () => void, ms: number): number {
    lastId += 1;
    timers.push({ id: lastId, at: now + ms, fire });
    return lastId;
  },
  clearTimeout(id: number): void {
    timers = timers.filter((timer) => timer.id !== id);
  },
  /** Moves the clock on by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
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

// XState hands its default clock object to every actor system; its methods are replaced, not the object.
Object.assign(createEmptyActor().system._clock as object, {
  setTimeout: machineClock.setTimeout,
  clearTimeout: machineClock.clearTimeout,
});
