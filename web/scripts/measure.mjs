// Measure the time from navigation to the first result on localhost in headless Chromium (median of 7 cold loads), and to
// the first lint findings (the full engine, loaded at idle after the first result).
// MBIT=10 [RTT_MS=40] throttles the link (Chromium's network emulation, the worker's fetches included) and serves
// the files gzipped as the host does: what a first visit on that link waits for.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/helpers.mjs';
import { startServer } from './serve.mjs';

const mbit = Number(process.env.MBIT ?? 0);
const rtt = Number(process.env.RTT_MS ?? 0);
const server = await startServer(0, '127.0.0.1', { gzip: mbit > 0 });
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const times = [];
const lintTimes = [];
for (let i = 0; i < 7; i += 1) {
  const context = await browser.newContext(); // fresh cache: a first visit
  const page = await context.newPage();
  if (mbit > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = (mbit * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  }
  await page.goto(`${base}?code=${encodeURIComponent('1 + 2 * 3')}`);
  await page.waitForFunction(() => document.body.dataset.firstResultMs);
  // performance.now() at the first result is measured from the navigation's start.
  times.push(Number(await page.evaluate(() => document.body.dataset.firstResultMs)));
  await page.waitForFunction(() => document.body.dataset.firstLintMs, null, { timeout: 60000 });
  lintTimes.push(Number(await page.evaluate(() => document.body.dataset.firstLintMs)));
  await context.close();
}
times.sort((a, b) => a - b);
lintTimes.sort((a, b) => a - b);
const link = mbit > 0 ? ` on ${mbit} Mbit/s, ${rtt} ms round trip, gzipped` : ' on localhost';
console.log(`navigation to first result${link}: median ${times[3]} ms (min ${times[0]}, max ${times[6]}) over ${times.length} cold loads`);
console.log(`navigation to first lint findings${link}: median ${lintTimes[3]} ms (min ${lintTimes[0]}, max ${lintTimes[6]})`);
await browser.close();
server.close();
