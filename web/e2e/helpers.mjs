// Shared set-up of the end-to-end tests: serve web/dist on a free port and launch Debian's Chromium.
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function startBrowserAndServer() {
  const server = await startServer(0);
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    browser,
    baseUrl: `http://127.0.0.1:${port}/`,
    async close() {
      await browser.close();
      await new Promise((done) => server.close(done));
    },
  };
}
