// The page's entry: starts the engine worker and the light engine's download at once (the .wasm is the largest download), then loads the page's code.
import { startEarly } from './early-worker.js';

// The page's own work starts here: the measure of how long a link takes to read (e2e/hostile-links.test.mjs).
performance.mark('boot');
// Fetched here, read to the end and dropped: the worker's fetch of the same content-hashed, immutable
// asset then comes from the HTTP cache (or waits for this one), instead of starting only once the
// worker's own script has loaded. (A <link rel="preload"> would do the same, with a console warning
// that the page itself never uses it.)
fetch(new URL('../pkg/puppet_wasm_bg.wasm', import.meta.url))
  .then((response) => response.arrayBuffer())
  .catch(() => {}); // the worker's own fetch reports any failure
startEarly();
import('./main.js');
