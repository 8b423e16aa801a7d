// The engine worker, started by the page's first, small script (boot.js) so that the engine's .wasm downloads while the page's own code (the editor, the panes) still does; engine.js takes it over, with what it said meanwhile.

/** A new engine worker (the one place that names worker.js: Vite bundles it once). */
export function spawnWorker() {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'puppet-engine' });
}

let early = null;
const said = [];

/** Start the worker now, keeping its messages (and its failure, as `{ error }`) until it is taken over. */
export function startEarly() {
  early = spawnWorker();
  early.onmessage = (event) => said.push({ data: event.data });
  early.onerror = (event) => {
    event.preventDefault?.();
    said.push({ error: event.message || 'the engine worker failed' });
  };
}

/** The worker started early and what it said so far, once (null later, or when none was started). */
export function takeEarlyWorker() {
  if (!early) return null;
  const taken = { worker: early, said: said.splice(0) };
  early = null;
  return taken;
}
