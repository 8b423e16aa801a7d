// How long to wait after an edit before running it: as long as the last run took from request to result shown (at
// most 300 ms), so a fast program answers every keystroke at once and a slow one is not re-run on each of them.
//
// Once, not twice that: the engine keeps only the latest request (web/src/engine.js), so a shorter pause never queues
// runs in the worker; what it adds is the page's share of each result applied between the keys, a few ms at 4x CPU
// throttling even for the 3,000-line manifest, while twice the run put keystroke to result over the engine's time plus
// 100 ms (docs/page.md, "Typing").

/** The most the page waits after an edit, for programs that take long to run. */
const MAX_DELAY_MS = 300;

/** The pause (ms) after an edit, from how long the last run took from request to result shown. */
export function liveDelay(lastRunMs) {
  if (!Number.isFinite(lastRunMs) || lastRunMs <= 0) return 0;
  return Math.min(MAX_DELAY_MS, Math.round(lastRunMs));
}
