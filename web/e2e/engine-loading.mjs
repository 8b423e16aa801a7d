// What the engine-loading tests share: a page whose .wasm requests and status texts are recorded, an environment
// opened through the address, and an environment whose class parameter comes from Hiera data in YAML.
import { nextResult, openPage, runs } from './helpers.mjs';
import { encodeFragment } from '../src/share.js';

/** An environment whose class parameter comes from Hiera data in YAML. */
export const HIERA_ENV = {
  files: {
    'hiera.yaml': 'version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n',
    'data/common.yaml': 'app::port: 8081\n',
    'modules/app/manifests/init.pp': 'class app(Integer $port) {\n  notify { "port ${port}": }\n}\n',
  },
};

/** A fresh context whose .wasm requests are recorded (the worker's included), and the status texts the page shows. */
export async function recordingPage(env, url) {
  const context = await env.browser.newContext();
  const wasm = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.wasm')) wasm.push(path);
  });
  await context.addInitScript(() => {
    window.__statusTexts = [];
    document.addEventListener('DOMContentLoaded', () => {
      const status = document.getElementById('status');
      new MutationObserver(() => window.__statusTexts.push(status.textContent)).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
  });
  const opened = await openPage(env, url, { context });
  return {
    ...opened,
    wasm,
    statusTexts: () => opened.page.evaluate(() => window.__statusTexts),
    async close() {
      await opened.close();
      await context.close();
    },
  };
}

/** Open `environment` with `code` and `settings` through the address, and wait for its result. */
export async function openEnvironment(page, code, environment, settings, timeout) {
  const count = await runs(page);
  await page.evaluate((hash) => {
    location.hash = hash;
  }, encodeFragment(code, settings, environment));
  await nextResult(page, count, timeout);
}
