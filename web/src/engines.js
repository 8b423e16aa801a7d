// The worker's three wasm engines: the light one (no YAML reader, no `lookup`, no lint) loads at start; the full one loads once, the first time a run has YAML to read, the Lookup pane asks or the page wants lint (at idle, after the first result); the libraries one (the full one with stdlib's HOCON reader and Ruby's `uri`) loads once, the first time the full one answers that a run needs it. The most capable engine loaded runs everything from then on.
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

/** What it says while the libraries engine loads; also the full engine's reason (`{ needsFullEngine: 'libraries' }`) for it. */
export const LIBRARIES = 'libraries';

/** The engines loaded on demand, each a separate, content-hashed asset of the site, by rank (a higher one has all a lower one has). */
const LAZY = {
  [LOADING_FULL]: { rank: 1, load: () => import('../pkg-full/puppet_wasm_full.js') },
  [LIBRARIES]: { rank: 2, load: () => import('../pkg-libs/puppet_wasm_libs.js') },
};

/**
 * `pulse`: a function each engine calls now and then during a long run (its `setPulse`), so the page's watchdog
 * can tell a run still working from a hung one.
 */
export function createEngines({ pulse } = {}) {
  let current = light;
  let rank = 0;
  const loading = {}; // each lazy engine's loading, once started

  /**
   * The engine `name` or a more capable one already loaded, loaded once; `onLoading` is called when
   * none is there yet (this call starts the loading, or an earlier one did and it goes on). A failure
   * rejects, and the next call tries again.
   */
  function load(name, onLoading) {
    const wanted = LAZY[name];
    if (rank >= wanted.rank) return Promise.resolve(current);
    onLoading?.();
    loading[name] ??= wanted
      .load()
      .then(async (engine) => {
        await engine.default();
        engine.setPulse?.(pulse);
        // A less capable engine that finishes loading later never replaces this one.
        if (wanted.rank > rank) {
          current = engine;
          rank = wanted.rank;
        }
        return current;
      })
      .catch((error) => {
        delete loading[name];
        throw error;
      });
    return loading[name];
  }

  return {
    /** Start the light engine; resolves to it. */
    async start() {
      await initLight();
      light.setPulse?.(pulse);
      return light;
    },

    /** The engine that runs now: the light one until a lazy one has loaded. */
    get current() {
      return current;
    },

    get hasFull() {
      return rank >= LAZY[LOADING_FULL].rank;
    },

    get hasLibraries() {
      return rank >= LAZY[LIBRARIES].rank;
    },

    /** The full engine (or the libraries one, if loaded): see `load`. */
    full(onLoading) {
      return load(LOADING_FULL, onLoading);
    },

    /** The libraries engine: see `load`. */
    libraries(onLoading) {
      return load(LIBRARIES, onLoading);
    },
  };
}
