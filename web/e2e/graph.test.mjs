// End to end, the Graph pane: a chain of three notify resources is three nodes and two edges (the implicit containers
// hidden until asked for); a dependency cycle is an error in Problems with Puppet's words and is marked in the graph;
// the DOT download holds the edges; a node selects its declaration; and the graph's code and layout library (dagre,
// in a worker) are not requested before the pane opens, and run under the page's CSP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { codeLink, editorText, nextResult, openPage, runs, startBrowserAndServer } from './helpers.mjs';

let env;
before(async () => {
  env = await startBrowserAndServer();
});
after(async () => {
  await env?.close();
});

const CHAIN = "notify{'a':} -> notify{'b':} -> notify{'c':}";
const CYCLE = "notify{'a':} -> notify{'b':} -> Notify['a']";

/** The page with `code`, recording every script and worker request. */
async function openRecording(code) {
  const context = await env.browser.newContext({ acceptDownloads: true });
  const requests = [];
  context.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const opened = await openPage(env, codeLink(env, code), { context });
  await opened.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  return {
    ...opened,
    requests,
    async close() {
      await opened.close();
      await context.close();
    },
  };
}

/** Open the Graph pane and wait for its drawing. */
async function openGraph(page) {
  await page.getByTestId('tab-graph').click();
  await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
}

const references = (page) =>
  page.getByTestId('graph').locator('[data-testid="graph-node"]').evaluateAll((nodes) => nodes.map((n) => n.dataset.reference));
const edges = (page) =>
  page
    .getByTestId('graph')
    .locator('[data-testid="graph-edge"]')
    .evaluateAll((list) => list.map((e) => `${e.dataset.source} ${e.dataset.kind} ${e.dataset.target}`));

test('a chain a -> b -> c is three nodes and two edges; the graph library is fetched only when the pane opens', async () => {
  const { page, errors, requests, close } = await openRecording(CHAIN);
  try {
    const graphCode = (path) => /\/assets\/(graph-view|graph-layout-worker)-[\w-]+\.js$/.test(path);
    assert.deepEqual(requests.filter(graphCode), [], 'the graph code is not in the first load');
    await openGraph(page);
    assert.ok(requests.some((p) => /\/assets\/graph-layout-worker-[\w-]+\.js$/.test(p)), `the layout worker was fetched: ${requests}`);
    assert.deepEqual((await references(page)).sort(), ['Notify[a]', 'Notify[b]', 'Notify[c]']);
    assert.deepEqual((await edges(page)).sort(), ['Notify[a] before Notify[b]', 'Notify[b] before Notify[c]']);
    assert.match(await page.getByTestId('graph-status').textContent(), /^3 nodes, 2 edges; laid out in \d+ ms$/);

    // The implicit containers on request: Stage[main] contains Class[Settings] and Class[Main], which contains a, b, c.
    await page.getByTestId('graph-implicit').check();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph-node"]').length === 6);
    await page.waitForSelector('[data-testid="graph"][data-graph-ready]');
    const all = await edges(page);
    assert.ok(all.includes('Stage[main] contains Class[Main]'), all.join('\n'));
    assert.ok(all.includes('Class[Main] contains Notify[b]'), all.join('\n'));
    assert.equal(all.length, 2 + 2 + 3);

    // Search marks the matching node; a click selects its declaration in the editor.
    await page.getByTestId('graph-search').fill('notify[b');
    const marked = await page.locator('.graph-node.match').evaluateAll((n) => n.map((e) => e.dataset.reference));
    assert.deepEqual(marked, ['Notify[b]']);
    // Enter shows the match (the drawing, at a readable size, can be wider than the pane); activating Notify[b]
    // selects its declaration: typing replaces it.
    await page.getByTestId('graph-search').press('Enter');
    await page.locator('.graph-node[data-reference="Notify[b]"]').click();
    const count = await runs(page);
    await page.keyboard.type("notify{'z':}");
    await nextResult(page, count);
    assert.equal(await editorText(page), CHAIN.replace("notify{'b':}", "notify{'z':}"));
    await page.waitForSelector('.graph-node[data-reference="Notify[z]"]');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('a dependency cycle is an error in Problems with Puppet\'s words, and is marked in the graph', async () => {
  const { page, errors, close } = await openRecording(CYCLE);
  try {
    const problems = await page.getByTestId('problems').locator('li.error').allTextContents();
    assert.ok(
      // Puppet's words, but for its advice to use puppet apply's --graph: the page points at its own Graph pane.
      problems.some((p) => p.includes('Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])\\nOpen the Graph pane')),
      problems.join('\n---\n'),
    );
    // The catalog is still shown (in its pane, drawn when shown).
    await page.getByTestId('tab-catalog').click();
    assert.equal(await page.getByTestId('catalog').locator('.catalog-resource').count(), 2);
    await openGraph(page);
    const cyclic = await page.locator('[data-testid="graph-node"][data-cycle="true"]').evaluateAll((n) => n.map((e) => e.dataset.reference));
    assert.deepEqual(cyclic.sort(), ['Notify[a]', 'Notify[b]']);
    const cyclicEdges = await page.locator('[data-testid="graph-edge"][data-cycle="true"]').count();
    assert.equal(cyclicEdges, 2);
    assert.match(await page.getByTestId('graph-cycles').textContent(), /\(Notify\[a\] => Notify\[b\] => Notify\[a\]\)/);
    assert.match(await page.getByTestId('graph-status').textContent(), /1 dependency cycle$/);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('Download .dot gives the relationships as Puppet writes relationships.dot; Download .svg the drawing', async () => {
  const { page, errors, close } = await openRecording(CHAIN);
  try {
    await openGraph(page);
    const [dot] = await Promise.all([page.waitForEvent('download'), page.getByTestId('graph-export-dot').click()]);
    assert.equal(dot.suggestedFilename(), 'relationships.dot');
    const text = await streamText(await dot.createReadStream());
    assert.match(text, /^digraph Relationships \{\n {4}label = "Relationships"\n/);
    assert.match(text, /"Notify\[a\]" -> "Notify\[b\]" \[\n {8}fontsize = 8\n {4}\]/);
    assert.match(text, /"Notify\[b\]" -> "Notify\[c\]" \[/);
    assert.equal(text.match(/->/g).length, 2);
    assert.match(text, /"Stage\[main\]" \[/);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('graph-export-svg').click()]);
    assert.equal(svg.suggestedFilename(), 'catalog.svg');
    const drawing = await streamText(await svg.createReadStream());
    assert.match(drawing, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal(drawing.match(/data-testid="graph-node"/g).length, 3);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

async function streamText(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
