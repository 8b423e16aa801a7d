// How long to wait after an edit before running it: as long as the last run took (twice, at most 300 ms), so a fast
// program answers every keystroke at once and a slow one is not re-run on each of them.

/** The most the page waits after an edit, for programs that take long to run. */
const MAX_DELAY_MS = 300;

/** The pause (ms) after an edit, from how long the last run took from request to result shown. */
export function liveDelay(lastRunMs) {
  if (!Number.isFinite(lastRunMs) || lastRunMs <= 0) return 0;
  return Math.min(MAX_DELAY_MS, Math.round(lastRunMs * 2));
}
