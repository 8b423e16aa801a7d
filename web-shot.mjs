import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '/work/wt-lintpage/web/e2e/helpers.mjs';
import { startServer } from '/work/wt-lintpage/web/scripts/serve.mjs';
const server = await startServer(0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const code = "$x = \"hello\"\nfile { '/tmp/a':\n  ensure => file,\n  mode => '0644'\n}\n";
for (const [name, opts] of [['desktop', { viewport: { width: 1280, height: 800 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  await page.goto(`${base}?code=${encodeURIComponent(code)}`);
  await page.waitForFunction(() => document.body.dataset.lints, null, { timeout: 20000 });
  await page.getByTestId('tab-lint').click();
  await page.getByText(/^Checks/).click();
  if (name === 'desktop') { await page.locator('.cm-lintRange.cm-lint').first().hover(); await page.locator('.cm-tooltip-lint').waitFor(); }
  else await page.getByTestId('tab-lint').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/lint-${name}.png`, fullPage: name === 'phone' ? false : false });
  console.log(name, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
  await ctx.close();
}
await browser.close(); server.close();
