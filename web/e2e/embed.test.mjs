// Runnable snippets on other sites: a page of another origin that loads /embed.js gets each Puppet block as the
// embedded view (its own frame and engine worker), runs it and shows its result, output and errors; only /embed/
// may be framed, the playground itself may not; `/?embed` leads to the embedded view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { startBrowserAndServer } from './helpers.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let env;
let host;
let hostUrl;
/** The host page's HTML, per path, set by each test. */
const pages = new Map();

before(async () => {
  env = await startBrowserAndServer();
  // Another origin (another host name and port): the page a blog or a documentation site would be.
  host = createServer((request, response) => {
    const body = pages.get(new URL(request.url, 'http://x').pathname);
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // A strict host: its own scripts only (and ours), frames from the playground only.
      'Content-Security-Policy': `default-src 'self'; img-src data:; script-src 'self' ${env.baseUrl}; frame-src ${env.baseUrl}; style-src 'self'`,
    });
    response.end(body);
  });
  await new Promise((done) => host.listen(0, '127.0.0.1', done));
  hostUrl = `http://localhost:${host.address().port}`;
});

after(async () => {
  await env?.close();
  await new Promise((done) => host.close(done));
});

const THREE_SNIPPETS = (baseUrl) => `<!doctype html>
<html><head><title>A blog post about Puppet</title><link rel="icon" href="data:,"></head>
<body>
  <h1 id="title">Three snippets</h1>
  <p id="before">Arithmetic first:</p>
  <pre data-puppet>1 + 2 * 3</pre>
  <p id="between">Then a notice and a map:</p>
  <pre><code class="language-puppet">notice('hello from the embed')
[1, 2].map |$x| { $x * 10 }
</code></pre>
  <p>And a mistake:</p>
  <pre data-puppet>$x = 1 +</pre>
  <pre id="plain"><code class="language-ruby">puts 1</code></pre>
  <script src="${baseUrl}embed.js"></script>
</body></html>`;

/** The embedded view frames of `page`, in document order. */
async function embedFrames(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('iframe[data-puppet-embed]').length === n, count);
  const handles = await page.locator('iframe[data-puppet-embed]').elementHandles();
  return Promise.all(handles.map((h) => h.contentFrame()));
}

async function resultOf(frame) {
  await frame.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0, null, { timeout: 20000 });
  return {
    value: await frame.getByTestId('result-value').textContent(),
    type: await frame.getByTestId('result-type').textContent(),
    output: await frame.getByTestId('output').textContent(),
    problems: await frame.getByTestId('problems').textContent(),
    status: await frame.getByTestId('status').textContent(),
  };
}

test('a page of another origin that includes embed.js runs its three snippets and shows their results', async () => {
  pages.set('/post.html', THREE_SNIPPETS(env.baseUrl));
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${hostUrl}/post.html`);
  const [first, second, third] = await embedFrames(page, 3);

  const arithmetic = await resultOf(first);
  assert.equal(arithmetic.value, '7');
  assert.equal(arithmetic.type, 'Integer[7, 7]');

  const mapped = await resultOf(second);
  assert.equal(mapped.value, '[10, 20]');
  assert.equal(mapped.type, 'Tuple[Integer[10, 10], Integer[20, 20]]');
  assert.match(mapped.output, /notice: .*hello from the embed/);

  const mistake = await resultOf(third);
  assert.match(mistake.problems, /1:\d+ error: Syntax error at end of input/);
  assert.match(mistake.status, /error/);
  assert.equal(await third.getByTestId('result').isHidden(), true);

  // Each embed is a frame of the playground's origin with its own engine worker.
  for (const frame of [first, second, third]) assert.equal(new URL(frame.url()).origin, new URL(env.baseUrl).origin);
  assert.ok(page.workers().length >= 3, `one engine worker per embed (${page.workers().length})`);

  // The host page is untouched beyond the blocks: its other elements stay, the non-Puppet block stays, no globals.
  assert.equal(await page.locator('#before').textContent(), 'Arithmetic first:');
  assert.equal(await page.locator('#between').textContent(), 'Then a notice and a map:');
  assert.equal(await page.locator('#plain code.language-ruby').textContent(), 'puts 1');
  assert.equal(await page.locator('pre[data-puppet]').count(), 0);
  const globals = await page.evaluate(() => Object.keys(window).filter((k) => /puppet|embed/i.test(k)));
  assert.deepEqual(globals, []);
  // The frames grew to their content (the view reports its height).
  const heights = await page.locator('iframe[data-puppet-embed]').evaluateAll((frames) => frames.map((f) => f.getBoundingClientRect().height));
  for (const height of heights) assert.ok(height >= 60 && height < 4000, `frame height ${height}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an embed runs again with Run after an edit, and opens its code in the playground', async () => {
  pages.set('/one.html', `<!doctype html><body><pre data-puppet>'a' + 'b'</pre><script src="${env.baseUrl}embed.js"></script></body>`);
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${hostUrl}/one.html`);
  const [frame] = await embedFrames(page, 1);
  const first = await resultOf(frame);
  assert.match(first.problems, /error/); // Puppet has no + on strings

  await frame.getByTestId('editor').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText("['a', 'b'].join('-')");
  await frame.getByTestId('run').click();
  await frame.waitForFunction(() => Number(document.body.dataset.runs) > 1);
  assert.equal(await frame.getByTestId('result-value').textContent(), "'a-b'");

  const href = await frame.getByTestId('open-playground').getAttribute('href');
  assert.ok(href.startsWith(env.baseUrl) && href.includes('#v1/'), href);
  const playground = await context.newPage();
  await playground.goto(href);
  await playground.waitForSelector('body[data-ready="true"]');
  await playground.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  assert.equal(await playground.getByTestId('result-value').textContent(), "'a-b'");
  await context.close();
});

test('only the embedded view may be framed by another origin; /?embed leads to it', async () => {
  const playgroundResponse = await fetch(env.baseUrl);
  assert.match(playgroundResponse.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  const embedded = await fetch(`${env.baseUrl}embed/`);
  assert.match(embedded.headers.get('content-security-policy'), /frame-ancestors \*/);
  const forwarded = await fetch(`${env.baseUrl}?embed`, { redirect: 'manual' });
  assert.equal(forwarded.status, 302);
  assert.equal(new URL(forwarded.headers.get('location'), env.baseUrl).pathname, '/embed/');

  pages.set('/frames.html', `<!doctype html><body>
    <iframe id="main" src="${env.baseUrl}#v1/"></iframe>
    <iframe id="view" src="${env.baseUrl}?embed&code=${encodeURIComponent('[3, 1, 2].sort')}"></iframe></body>`);
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${hostUrl}/frames.html`);
  const view = await (await page.locator('#view').elementHandle()).contentFrame();
  await view.waitForFunction(() => Number(document.body?.dataset.runs ?? 0) > 0, null, { timeout: 20000 });
  assert.equal(await view.getByTestId('result-value').textContent(), '[1, 2, 3]');
  // The playground itself refuses to be framed: its frame never gets the page.
  const main = await (await page.locator('#main').elementHandle()).contentFrame();
  assert.equal(await main.locator('[data-testid="editor"]').count(), 0);
  await context.close();
});

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core: no critical or serious violations in the embedded view (${colorScheme}, with output and a problem)`, async () => {
    const context = await env.browser.newContext({ colorScheme, viewport: { width: 700, height: 500 } });
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}embed/?code=${encodeURIComponent("notice('x')\nwarning('y')\n$z = 1 + 'a'")}`);
    await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
    await page.getByTestId('problems').locator('li').first().waitFor();
    await page.evaluate(AXE);
    const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
    const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
    assert.deepEqual(serious, []);
    await context.close();
  });
}

test('the embedded view shows a result once, marks it stale after an edit, boxes no bracket on load, and axe finds nothing serious without output', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 500 } });
  const page = await context.newPage();
  await page.goto(`${env.baseUrl}embed/?code=${encodeURIComponent('[1, 2].map |$x| { $x * 2 }')}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0, null, { timeout: 20000 });
  assert.equal(await page.getByTestId('result-value').textContent(), '[2, 4]');
  // The value is said by the result line alone: the status line does not repeat it.
  assert.doesNotMatch(await page.getByTestId('status').textContent(), /\[2, 4\]/);
  // The cursor starts beside "[": no box around the brackets before the reader is in the editor.
  const brackets = await page.evaluate(() =>
    [...document.querySelector('#editor').querySelectorAll('.cm-matchingBracket')].map((el) => getComputedStyle(el).outlineStyle),
  );
  assert.ok(brackets.length > 0, 'the editor matched the brackets');
  assert.deepEqual([...new Set(brackets)], ['none']);
  await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  assert.deepEqual(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id), []);
  // An edit: the result is of older code, and says so until the next run.
  assert.equal(await page.getByTestId('stale').isHidden(), true);
  await page.locator('.cm-content').click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' ');
  assert.equal(await page.getByTestId('stale').isVisible(), true);
  assert.equal(await page.getByTestId('results').getAttribute('data-stale'), 'true');
  await page.getByTestId('run').click();
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 1);
  assert.equal(await page.getByTestId('stale').isHidden(), true);
  await context.close();
});
