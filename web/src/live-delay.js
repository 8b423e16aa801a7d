// How long to wait after an edit before running it: nothing when typing had paused (a key after a pause at least as
// long as the last run took is run at once), else as long as the last run took from request to result shown (at most
// 300 ms), so a fast program answers every keystroke at once and a slow one is not re-run on each of them.
//
// Once, not twice that: the engine keeps only the latest request (web/src/engine.js), so a shorter pause never queues
// runs in the worker; what it adds is the page's share of each result applied between the keys, a few ms at 4x CPU
// throttling even for the 3,000-line manifest, while twice the run put keystroke to result over the engine's time plus
// 100 ms (docs/page.md, "Typing"). Not at all for a key after a pause: waiting then only delays the one result the
// key needs (at 4x the last run's time, mostly the page's own, was 53–87 ms of a 3,000-line manifest's 70–127 ms from
// key to result, the engine's 3–4).

/** The most the page waits after an edit, for programs that take long to run. */
const MAX_DELAY_MS = 300;

/** The pause (ms) after an edit, from how long the last run took from request to result shown. */
export function liveDelay(lastRunMs) {
  if (!Number.isFinite(lastRunMs) || lastRunMs <= 0) return 0;
  return Math.min(MAX_DELAY_MS, Math.round(lastRunMs));
}

/**
 * Runs after edits: `edited()` for each edit runs `run()` at once when the edit before came at least the pause ago
 * (or there was none), else once the edits stop for the pause (a run asked for earlier is then dropped). `lastRunMs()`
 * says how long the last run took; `clock` ({ now, set, clear }) is for tests. Returns { edited, cancel }: `edited`
 * answers the pause it chose (0: run at once).
 */
const realClock = { now: () => performance.now(), set: (f, ms) => setTimeout(f, ms), clear: (timer) => clearTimeout(timer) };

export function liveRuns({ run, lastRunMs, clock = realClock }) {
  let timer = null;
  let lastEdit = -Infinity;
  const cancel = () => {
    if (timer !== null) clock.clear(timer);
    timer = null;
  };
  return {
    edited() {
      const now = clock.now();
      const pause = liveDelay(lastRunMs());
      const typing = now - lastEdit < pause;
      lastEdit = now;
      cancel();
      if (!typing) {
        run();
        return 0;
      }
      timer = clock.set(() => {
        timer = null;
        run();
      }, pause);
      return pause;
    },
    cancel,
  };
}
