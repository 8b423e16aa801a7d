// Work that follows the code but need not follow every keystroke (the address, the autosave): done once typing pauses, when the page is idle, and at once before the page goes away.

/** The pause after the last change before the work is done (ms). */
export const PERSIST_PAUSE_MS = 700;
const whenIdle = (f) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 0));
const cancelIdle = (handle) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle));

/**
 * `write(now)` does the work: with `now` false (the pause is over, the page idle) it may finish later, off the
 * page's thread; with `now` true (`flush`: the page is going away, or a setting changed) it must be done when it
 * returns. Returns { schedule(pauseMs), flush(), cancel(), pending }: `schedule` asks for it after a pause (each
 * call starts the pause again), `flush` does it now if asked for.
 */
export function later(write) {
  let timer = null;
  let idle = null;
  let asked = false;

  function cancel() {
    clearTimeout(timer);
    if (idle !== null) cancelIdle(idle);
    timer = null;
    idle = null;
    asked = false;
  }

  function run(now) {
    if (!asked) return;
    cancel();
    write(now);
  }

  const flush = () => run(true);

  function schedule(pauseMs = PERSIST_PAUSE_MS) {
    clearTimeout(timer);
    if (idle !== null) cancelIdle(idle);
    idle = null;
    asked = true;
    timer = setTimeout(() => {
      timer = null;
      idle = whenIdle(() => {
        idle = null;
        run(false);
      });
    }, pauseMs);
  }

  // Leaving or hiding the page: nothing waits (a closed tab keeps what was typed last).
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return {
    schedule,
    flush,
    cancel,
    get pending() {
      return asked;
    },
  };
}
