// Vite build of the page: content-hashed assets under /assets/, an ES-module worker, no inline script (the CSP forbids it).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { factPresets } from './scripts/fact-presets-plugin.mjs';

const page = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  base: './',
  // The Facts pane's picker: the fact presets' labels and sources from facts/presets/index.json (virtual:fact-presets).
  plugins: [factPresets(page('../facts/presets'))],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be an inline script; every browser the page targets has modulepreload.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // Two pages: the playground, and the embedded view that embed.js frames (public/embed.js is copied as it is).
    rollupOptions: { input: { main: page('./index.html'), embed: page('./embed/index.html') } },
  },
  worker: { format: 'es' },
});
