// End to end, the editor's marks for a result (squiggles, the gutter's marks) are drawn by CSS alone: no image that the browser makes a document of (the lint theme's SVG images cost ~50 ms at 4x CPU throttling each time an error's marks came back while typing, inside the result's task).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, openPage, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

/** Every squiggle's and gutter mark's images (background and content), as the browser computed them. */
const images = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#editor');
    return [...root.querySelectorAll('.cm-lintRange, .cm-lint-marker')].map((element) => {
      const style = getComputedStyle(element);
      return { kind: element.className, background: style.backgroundImage, content: style.content };
    });
  });

test("an error's and a warning's squiggles and gutter marks use no image URL", async () => {
  // An evaluation error (an unknown variable) and a lint warning (double quotes without a variable).
  const code = '$a = "x"\n$b = 1 + 2\n$c = $nosuch';
  const { page, errors, close } = await openPage(env, codeLink(env, code));
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  await page.locator('.cm-lintRange.cm-eval').first().waitFor();
  await page.locator('.cm-lint-marker-error').first().waitFor();
  await page.locator('.cm-lint-marker-warning').first().waitFor();
  const drawn = await images(page);
  const kinds = drawn.map((d) => d.kind).join(' ');
  for (const kind of ['cm-lintRange-error', 'cm-lintRange-warning', 'cm-lint-marker-error', 'cm-lint-marker-warning']) assert.ok(kinds.includes(kind), `${kind} is drawn (${kinds})`);
  for (const d of drawn) {
    assert.ok(!/url\(/.test(d.background), `${d.kind}: no background image URL (${d.background})`);
    assert.ok(!/url\(/.test(d.content), `${d.kind}: no content image URL (${d.content})`);
  }
  // The squiggles are still there to see: evaluation's wavy, lint's dotted.
  const decoration = await page.evaluate(() =>
    [...document.querySelector('#editor').querySelectorAll('.cm-lintRange')].map((element) => `${element.textContent}: ${getComputedStyle(element).textDecorationStyle}`),
  );
  assert.deepEqual(decoration, ['"x": dotted', '$nosuch: wavy']);
  assert.deepEqual(errors, []);
  await close();
});

test("where evaluation and lint mark the same text, evaluation's wavy line is drawn and the hover shows both", async () => {
  // "y" is lint's (double quotes without a variable) and evaluation's (a string added to a number).
  const { page, errors, close } = await openPage(env, codeLink(env, '$x = "y" + 1'));
  await page.waitForFunction(() => Number(document.body.dataset.lints ?? 0) > 0, null, { timeout: 20000 });
  await page.locator('.cm-lintRange.cm-eval').first().waitFor();
  await page.locator('.cm-lintRange.cm-lint').first().waitFor();
  const drawn = await page.evaluate(() =>
    [...document.querySelector('#editor').querySelectorAll('.cm-lintRange')].map((element) => {
      const style = getComputedStyle(element);
      const kind = element.classList.contains('cm-eval') ? 'evaluation' : 'lint';
      return `${kind} ${element.textContent}: ${style.textDecorationLine === 'none' ? 'no line' : style.textDecorationStyle}`;
    }),
  );
  // Lint's mark is inside evaluation's and draws no line of its own there.
  assert.deepEqual(drawn, ['evaluation "y": wavy', 'lint "y": no line']);
  await page.locator('.cm-lintRange.cm-lint').hover();
  const tooltip = page.locator('.cm-tooltip-lint');
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), /cannot be converted to Numeric.*double quoted string containing no variables/);
  assert.deepEqual(errors, []);
  await close();
});
