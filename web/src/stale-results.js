// When a run's result is shown: one for a text typed over since it was asked for waits until the page is idle (and is dropped if a newer result comes first); the panes' part of a result comes in a task after the editor's.
//
// Why: while keys are being typed, the editor's DOM holds a key's change that the browser has not laid out yet. A
// result applied then makes the editor read the DOM selection back, which has the browser lay that out at once, in
// the same task as the result: at 4× CPU throttling one task of 100–200 ms, where the same result applied with the
// editor at rest takes 10–30 ms. A stale result is out of date anyway (the run of the newer text is on its way), so
// it waits for a moment when nothing else is pending, and a newer result replaces it if it comes first.

/** The most a stale result waits for the page to be idle (ms). */
export const STALE_WAIT_MS = 500;

const defaultIdle = {
  request: (f, timeout) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout }) : setTimeout(f, 0)),
  cancel: (handle) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle)),
};

/**
 * Returns { result(id, stale, apply), follow(id, apply), pending }: `result` shows run `id`'s result (`apply()` does
 * it), at once unless `stale` (its text was edited since it was asked for), else at idle; `follow` shows what comes
 * after that result in its own message (the values recorded for hover), after it and at idle too when it waits.
 * A newer run's result drops what an older one still waits to show. `idle` ({ request(f, timeout), cancel(h) }) is
 * for tests; `counts` ({ deferred, dropped }) says what happened, for the page's test hooks.
 */
export function staleResults({ idle = defaultIdle, wait = STALE_WAIT_MS } = {}) {
  /** The run whose result waits: { id, jobs: [apply], handle }. */
  let waiting = null;
  const counts = { deferred: 0, dropped: 0 };

  function drop() {
    if (!waiting) return;
    if (waiting.handle !== null) idle.cancel(waiting.handle);
    waiting = null;
  }

  // One job per idle slot: the result, then (in a slot of its own) what follows it.
  function schedule() {
    waiting.handle = idle.request(() => {
      const job = waiting.jobs.shift();
      waiting.handle = null;
      if (!waiting.jobs.length) waiting.done = true;
      job();
      if (waiting && !waiting.done) schedule();
    }, wait);
  }

  return {
    result(id, stale, apply) {
      if (waiting && waiting.id < id) {
        if (!waiting.done) counts.dropped += 1;
        drop();
      }
      if (!stale) {
        apply();
        return;
      }
      counts.deferred += 1;
      waiting = { id, jobs: [apply], handle: null, done: false };
      schedule();
    },
    follow(id, apply) {
      if (waiting && waiting.id === id && !waiting.done) {
        waiting.jobs.push(apply);
        return;
      }
      apply();
    },
    get pending() {
      return waiting !== null && !waiting.done;
    },
    counts,
  };
}

/**
 * Work done in a task of its own right after the current one (a message to ourselves: no timer's clamping), the
 * latest asked for only: returns { schedule(job) }; a job not yet run when another is scheduled is dropped.
 */
export function nextTask() {
  const channel = new MessageChannel();
  let job = null;
  channel.port1.onmessage = () => {
    const run = job;
    job = null;
    run?.();
  };
  // (Under Node, for the tests: the port does not keep the process alive.)
  channel.port1.unref?.();
  return {
    schedule(next) {
      if (!job) channel.port2.postMessage(null);
      job = next;
    },
  };
}

