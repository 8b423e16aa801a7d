// The worker's two wasm engines: the light one (no YAML reader, no `lookup`, no lint) loads at start; the full one loads once, the first time a run has YAML to read, the Lookup pane asks or the page wants lint (at idle, after the first result), and from then on runs everything.
import initLight, * as light from '../pkg/puppet_wasm.js';

/**
 * Whether a run needs the full engine, decided before calling one (cheaper than the light engine's
 * `{ needsFullEngine }` answer): the rule of the facade's wasm/src/engine_choice.rs, a file of the
 * environment ending in .yaml or .yml, or a global hiera.yaml (e2e/engine-choice.test.mjs holds the
 * two to the same answers).
 */
export function needsFullEngine(options) {
  if (options?.globalHiera) return true;
  return Object.keys(options?.files ?? {}).some((path) => /\.ya?ml$/i.test(path));
}

/** What the page's status says while the full engine loads. */
export const LOADING_FULL = 'full';

export function createEngines() {
  let current = light;
  let full = null; // the full engine's loading, once started

  return {
    /** Start the light engine; resolves to it. */
    async start() {
      await initLight();
      return light;
    },

    /** The engine that runs now: the light one until the full one has loaded. */
    get current() {
      return current;
    },

    get hasFull() {
      return current !== light;
    },

    /**
     * The full engine, loaded once (a separate, content-hashed asset of the site); `onLoading` is
     * called when it is not there yet (this call starts the loading, or an earlier one did and it goes
     * on). A failure rejects, and the next call tries again.
     */
    full(onLoading) {
      if (full && current === light) onLoading?.();
      if (!full) {
        onLoading?.();
        full = import('../pkg-full/puppet_wasm_full.js')
          .then(async (engine) => {
            await engine.default();
            current = engine;
            return engine;
          })
          .catch((error) => {
            full = null;
            throw error;
          });
      }
      return full;
    },
  };
}
