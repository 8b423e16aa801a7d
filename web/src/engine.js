// The page's side of the evaluation worker: latest-request-wins queue, Stop, and a watchdog that restarts a stuck worker.
import { spawnWorker, takeEarlyWorker } from './early-worker.js';

/** How long the worker may be silent (no answer, no sign of life from a long run) before it is terminated and restarted. */
export const WATCHDOG_MS = 3000;
/** A new request replaces a run that has been busy this long (its answer is obsolete anyway). */
const SUPERSEDE_MS = 400;

export class Engine {
  /**
   * @param {object} handlers onReady(version, limits), onSyntax(msg), onResult(msg), onLookup(msg), onRestart(reason, ms),
   *   onCrash(message, id, lint) (lint: the trap came from linting), onLoading(what) while the worker loads its full engine (what: 'full') or its libraries engine ('libraries'), onLoadFailed(message) when that fails
   *   (the run then ends), onLint(msg) with a run's lint findings, onRecorded(msg) with a run's values recorded for hover
   *   when they come apart from its result, onFullReady() / onFullFailed(message) after `loadFull`
   */
  constructor(handlers, { watchdogMs = WATCHDOG_MS } = {}) {
    this.handlers = handlers;
    this.watchdogMs = watchdogMs;
    this.nextId = 1;
    this.pending = null;
    /** The Lookup pane's latest question, run when no evaluation waits. */
    this.pendingLookup = null;
    /** The latest request to lint without evaluating (lint's engine arrived, the checks changed). */
    this.pendingLint = null;
    this.busy = null;
    this.ready = false;
    this.version = null;
    /** Whether the page asked for the full engine ahead of need (asked again of a restarted worker). */
    this.wantFull = false;
    /** The questions asked (`ask`) and not yet answered: id → { type, resolve, failures, timer, started }. */
    this.questions = new Map();
    this.spawn();
  }

  /** Have the worker load its full engine now, with no run waiting for it (the page lints with it). */
  loadFull() {
    this.wantFull = true;
    if (this.ready) this.worker.postMessage({ type: 'load-full' });
  }

  spawn() {
    this.ready = false;
    // The first worker is the one boot.js started before the page's code loaded, if any.
    const early = takeEarlyWorker();
    const worker = early?.worker ?? spawnWorker();
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.crashed(event.message || 'the engine worker failed');
    };
    // What it said before: after the constructor returns, as a message would come.
    if (early?.said.length) {
      queueMicrotask(() => {
        for (const { data, error } of early.said) {
          if (this.worker !== worker) return;
          if (error !== undefined) this.crashed(error);
          else this.receive(data);
        }
      });
    }
  }

  /** Evaluate `source`; only the latest request matters. Returns its id. */
  run(source, options, extra = {}) {
    const request = { id: this.nextId++, source, options, ...extra };
    this.pending = request;
    this.supersede();
    this.pump();
    return request.id;
  }

  /**
   * A newer request waits: a run that has sent its result is told so (it leaves what follows the result, the
   * hidden panes' tokens and lint, to the newer one); one still busy for this long is restarted (its answer is
   * obsolete anyway). A run waiting for the full engine to load is not: restarting would only start the load again.
   */
  supersede() {
    if (!this.busy) return;
    if (this.busy.resulted) {
      if (!this.busy.toldNewer) this.worker.postMessage({ type: 'newer' });
      this.busy.toldNewer = true;
    } else if (!this.busy.loading && performance.now() - this.busy.started > SUPERSEDE_MS) this.restart('superseded');
  }

  /** Look `query` up in the Hiera data of the environment of `options`; only the latest question matters. Returns its id. */
  lookup(options, query) {
    const request = { id: this.nextId++, type: 'lookup', options, query };
    this.pendingLookup = request;
    this.pump();
    return request.id;
  }

  /**
   * Lint a file of `source` (snippet.pp) and `files` without evaluating: `lint` is { path, options } as
   * runs carry it. Only the latest such request matters. Returns its id.
   */
  lint(source, files, lint) {
    const request = { id: this.nextId++, type: 'lint', source, options: { files }, lint };
    this.pendingLint = request;
    this.pump();
    return request.id;
  }

  /** Stop the running program, if any. Returns whether something was stopped. */
  stop() {
    this.pending = null;
    this.pendingLookup = null;
    this.pendingLint = null;
    if (!this.busy) return false;
    this.restart('stopped');
    return true;
  }

  get running() {
    return this.busy !== null;
  }

  /**
   * A question the editor and the panes ask between runs, outside the run queue: `complete` ({ source,
   * offset, options }: what may be typed there), `docs` ({ source, path, offset, options }: what hover says
   * of the name there), `signature` (the same: the signature help of the call there), `definition` and
   * `references` ({ source, path, offset, options }: where the name there is defined, every place that names
   * it), `outline` ({ source }), `record` ({ source, options }: the run's recorded values) or `graph`
   * ({ source, options }: the compiled catalog's graph and cycles). Each is under the same watchdog as a run,
   * from when the worker starts on it (it says so: `asking`): one that takes longer restarts the worker.
   * Resolves to the engine's answer, or null when the worker cannot answer (restarted, not ready); with
   * `{ failures: true }`, to `{ failed: reason }` when the worker was restarted ('timeout', 'crashed', 'stopped', ...).
   */
  ask(type, question, { failures = false } = {}) {
    if (!this.ready) return Promise.resolve(failures ? { failed: 'not-ready' } : null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.questions.set(id, { type, resolve, failures, timer: null, started: 0 });
      this.worker.postMessage({ ...question, type, id });
    });
  }

  complete(source, offset, options) {
    return this.ask('complete', { source, offset, options });
  }

  /** Questions the old worker will never answer: null, or why, for those that asked for it. */
  dropQuestions(reason) {
    for (const question of this.questions.values()) {
      clearTimeout(question.timer);
      question.resolve(question.failures ? { failed: reason } : null);
    }
    this.questions.clear();
  }

  pump() {
    if (!this.ready || this.busy) return;
    const request = this.pending ?? this.pendingLint ?? this.pendingLookup;
    if (!request) return;
    if (request === this.pending) this.pending = null;
    else if (request === this.pendingLint) this.pendingLint = null;
    else this.pendingLookup = null;
    const timer = this.watchdog();
    this.busy = { id: request.id, kind: request.type ?? 'run', started: performance.now(), timer };
    this.handlers.onStart?.(request.id);
    this.worker.postMessage(request);
  }

  receive(message) {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.version = message.version;
        this.handlers.onReady?.(message.version, message.limits);
        if (this.wantFull) this.worker.postMessage({ type: 'load-full' });
        this.pump();
        break;
      case 'syntax':
        if (message.id === this.busy?.id) this.handlers.onSyntax?.(message);
        break;
      case 'lint':
        if (message.id !== this.busy?.id) break;
        // A lint-only request ends with its findings; a run's go on to its result.
        if (message.done) this.finish();
        this.handlers.onLint?.(message);
        if (message.done) this.pump();
        break;
      case 'full-ready':
        this.handlers.onFullReady?.();
        break;
      case 'alive':
        // The engine is still working on a long run (its sign of life): the watchdog waits for silence, not for
        // an answer, and the run ends at the engine's own limits.
        this.rearm();
        break;
      case 'asking': {
        // The worker has started on a question: from now on it has as long as a run.
        const question = this.questions.get(message.id);
        if (!question) break;
        question.started = performance.now();
        question.timer = this.watchdog(message.id);
        break;
      }
      case 'answer': {
        const question = this.questions.get(message.id);
        this.questions.delete(message.id);
        clearTimeout(question?.timer);
        question?.resolve(message.answer);
        break;
      }
      case 'full-failed':
        this.handlers.onFullFailed?.(message.message);
        break;
      case 'result':
        if (message.id !== this.busy?.id) break;
        // The run goes on with what follows its result (the hidden panes' tokens, lint) until `done`, under a
        // watchdog of its own; a request that came meanwhile cuts it short.
        this.busy.resulted = true;
        clearTimeout(this.busy.timer);
        this.busy.timer = this.watchdog();
        if (this.pending) this.supersede();
        this.handlers.onResult?.(message);
        break;
      case 'recorded':
        if (message.id === this.busy?.id) this.handlers.onRecorded?.(message);
        break;
      case 'done':
        if (message.id !== this.busy?.id) break;
        this.finish();
        this.pump();
        break;
      case 'lookup':
        if (message.id !== this.busy?.id) break;
        this.finish();
        this.handlers.onLookup?.(message);
        this.pump();
        break;
      case 'loading':
        // Loading is not running: the watchdog starts again when the engine is there.
        if (message.id !== this.busy?.id) break;
        clearTimeout(this.busy.timer);
        this.busy.loading = true;
        this.handlers.onLoading?.(message.what);
        break;
      case 'loaded':
        if (message.id !== this.busy?.id || !this.busy.loading) break;
        this.busy.loading = false;
        this.busy.started = performance.now();
        this.busy.timer = this.watchdog();
        break;
      case 'load-failed':
        if (message.id !== this.busy?.id) break;
        this.finish();
        this.handlers.onLoadFailed?.(message.message);
        this.pump();
        break;
      case 'crash':
        this.crashed(message.message, message.id, message.lint);
        break;
      default:
        break;
    }
  }

  /** A watchdog for question `id`, or the running request when none is given: the worker is restarted after `watchdogMs` of silence. */
  watchdog(id) {
    return setTimeout(() => this.restart('timeout', id), this.watchdogMs);
  }

  /** Start the watchdogs of the running request and of the question the worker is on again. */
  rearm() {
    if (this.busy?.timer && !this.busy.loading) {
      clearTimeout(this.busy.timer);
      this.busy.timer = this.watchdog();
    }
    for (const [id, question] of this.questions) {
      if (!question.timer) continue;
      clearTimeout(question.timer);
      question.timer = this.watchdog(id);
    }
  }

  finish() {
    clearTimeout(this.busy?.timer);
    this.busy = null;
  }

  crashed(message, id = this.busy?.id, lint = false) {
    this.handlers.onCrash?.(message, id, lint);
    // The engine did not even load: restarting would only fail again.
    if (!this.ready && !this.busy) return;
    this.restart('crashed', id);
  }

  /**
   * Terminate the worker and start a fresh one; a pending request runs on the new one. `id`: the request or
   * question it is restarted for (the running request when not given). `onRestart` hears the reason, how
   * long that request had run, its id and its kind ('run', 'lint', 'lookup', or a question's type).
   */
  restart(reason, id = this.busy?.id) {
    // The worker does one thing at a time: when a run's watchdog fires while the worker is still on a
    // question it started (a Graph pane's compile asked before the run), that question is what did not end.
    if (reason === 'timeout' && id !== undefined && id === this.busy?.id) {
      const started = [...this.questions].find(([, question]) => question.started > 0);
      if (started) id = started[0];
    }
    const question = this.questions.get(id);
    const started = question ? question.started : id === this.busy?.id ? this.busy?.started : undefined;
    const elapsed = started ? performance.now() - started : 0;
    const kind = question ? question.type : id === this.busy?.id ? this.busy?.kind : undefined;
    this.finish();
    this.worker.terminate();
    this.dropQuestions(reason);
    this.spawn();
    if (reason !== 'superseded') this.handlers.onRestart?.(reason, elapsed, id, kind);
  }
}
