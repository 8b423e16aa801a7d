// Measure typing in the page with the CPU throttled (Chrome DevTools Protocol Emulation.setCPUThrottlingRate, 4× by default, to stand for a busy or slower machine): keystroke to paint (Event Timing), main-thread tasks over 50 ms while results are applied (Long Tasks), and keystroke to updated result against the engine's own time; for a 3,000-line manifest and a 30-line snippet. Serves web/dist; prints a table and the JSON.
//
//   node scripts/measure-typing.mjs [--rate 4] [--keys 40] [--results 12] [--repeat 1] [--above 0] [--lines 3000|30] [--trace] [--profile] [--attribute] [--headless]
//
// (DIST=<folder> serves another build than web/dist: two builds measured in turn in one sitting.) Every figure comes
// with the machine's load average. --attribute lists every main-thread task over 50 ms while typing with what ran in
// it (the Long Animation Frames API: the scripts by what invoked them, and the frame's rendering); without it, those
// that overlap a result's application.
//
// The keys are typed on a new line at the end of the document, the editor scrolled to its end; --above N types them
// on a new line N lines above the end instead (the editor scrolled the same way). Chromium runs headed on a virtual
// display of its own when Debian's xvfb is installed: headless, at the end of a scrolled editor, it goes up to 2 s
// without presenting a key's frame while the main thread is idle (docs/page.md, "Typing"), which keystroke to paint
// would count; --headless measures that way anyway.
// --repeat runs it all that many times and adds the spread (a shared machine's load moves every figure); --trace
// records the browser's trace while the keys are typed (and the 2.5 s after) and says how much main-thread time each
// key cost, by task (the key's own, the frames, the worker's messages, timers), and the five tasks that handled a worker's
// message with the most thread time (CPU time, which a loaded machine's waiting for a core does not inflate, unlike
// wall time) with the style and layout their scripts forced; tracing slows the page, so its
// keystroke-to-paint figures are not to be compared with a run without it (it is written to typing-<lines>.trace.json in
// the system's temporary folder, which DevTools' Performance panel opens). --profile samples the page's JavaScript
// while the keys are typed (the DevTools Protocol's Profiler) and lists the functions that took the most time of their
// own, per key (build the site with `vite build --minify false` for its functions' names), and writes the profile to
// typing-<lines>.cpuprofile in the system's temporary folder (DevTools' Performance panel opens it).
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, manifest } from '../e2e/helpers.mjs';
import { encodeFragment } from '../src/share.js';
import { startServer } from './serve.mjs';
import { startVirtualDisplay } from './virtual-display.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RATE = arg('rate', 4);
const KEYS = arg('keys', 40);
const RESULTS = arg('results', 12);
const REPEAT = arg('repeat', 1);
const ABOVE = arg('above', 0);
/** Only the manifest of this many lines (3000 or 30); both without it. */
const LINES = arg('lines', 0);
const TRACE = process.argv.includes('--trace');
const PROFILE = process.argv.includes('--profile');
/** List every long task while typing with what ran in it (else only those while a result is applied). */
const ATTRIBUTE = process.argv.includes('--attribute');
/** A person typing fast: one key every this many ms. */
const KEY_INTERVAL_MS = 90;
/** Targets (issue 38). */
const TARGETS = { paintP50: 50, paintP95: 100, longTaskMs: 50, resultOverEngine: 100 };


const percentile = (list, p) => {
  if (!list.length) return null;
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

const server = await startServer(0);
const base = `http://127.0.0.1:${server.address().port}/`;
// Headed on a virtual display when Xvfb is installed (--headless to force headless): headless Chromium holds a key's frame
// back at the end of a scrolled editor, up to 2 s, which no person's browser does.
const display = process.argv.includes('--headless') ? null : await startVirtualDisplay();
if (!display) console.log('(headless Chromium: keystroke to paint at the end of a scrolled editor waits for frames it does not present; install xvfb to measure it headed)');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: !display,
  args: display ? CHROMIUM_ARGS.filter((arg) => arg !== '--headless') : CHROMIUM_ARGS,
  env: display ? { ...process.env, DISPLAY: display.display } : process.env,
});

async function measure(name, code) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__typing = { events: [], longTasks: [], keydowns: [], frames: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown' || e.name === 'keypress' || e.name === 'keyup') window.__typing.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__typing.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // Long animation frames (over 50 ms): what ran in them, for the long tasks' attribution (the Long Tasks API
    // says only that a task was long).
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__typing.frames.push({
          start: e.startTime,
          duration: e.duration,
          // From the frame's rendering start to its end: style, layout, paint (and the frame's callbacks).
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          styleAndLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((x) => ({
            invoker: x.invoker,
            fn: x.sourceFunctionName,
            at: `${x.sourceURL.split('/').pop()}:${x.sourceCharPosition}`,
            duration: x.duration,
            forced: x.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    addEventListener('keydown', (e) => window.__typing.keydowns.push(e.timeStamp), true);
    // Which of the worker's messages each handler call was (a result, lint, the tokens and AST, ...), and how long
    // its handling took: the page's worker.onmessage, timed.
    window.__typing.messages = [];
    const onmessage = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      ...onmessage,
      set(handler) {
        onmessage.set.call(this, (event) => {
          const start = performance.now();
          try {
            return handler(event);
          } finally {
            window.__typing.messages.push({ type: String(event.data?.type), start, duration: performance.now() - start });
          }
        });
      },
    });
  });
  // The code as a share link (its fragment: a 3,000-line manifest is too long for a query): no autosave.
  await page.goto(`${base}#${encodeFragment(code)}`);
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0, null, { timeout: 60000 });
  await page.waitForTimeout(1500); // the first result's follow-ups (lint's engine at idle)
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  for (let i = 0; i < ABOVE; i += 1) await page.keyboard.press('ArrowUp');
  await page.evaluate(() => {
    window.__typing.events.length = 0;
    window.__typing.longTasks.length = 0;
    window.__typing.keydowns.length = 0;
    window.__typing.frames.length = 0;
    window.__typing.messages.length = 0;
    performance.clearMeasures('result-applied');
  });

  // Typing fast: every key's time to the next paint (Event Timing reports the keys that took 16 ms or more; the
  // others count as under 16 ms).
  const trace = TRACE ? await startTrace(cdp) : null;
  const profiler = PROFILE ? await startProfile(cdp) : null;
  await page.keyboard.press('Enter');
  for (let i = 0; i < KEYS; i += 1) {
    await page.keyboard.type(i % 10 === 9 ? ' ' : 'x', { delay: 0 });
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  await page.waitForTimeout(2500);
  const traced = trace ? await trace.stop() : null;
  if (traced) await writeFile(join(tmpdir(), `typing-${code.split('\n').length}.trace.json`), JSON.stringify({ traceEvents: traced }));
  const perKey = traced ? mainThreadPerKey(traced, KEYS + 1) : null;
  const messageTasks = traced ? costliestMessageTasks(traced) : null;
  const profile = profiler ? await profiler.stop() : null;
  if (profile) await writeFile(join(tmpdir(), `typing-${code.split('\n').length}.cpuprofile`), JSON.stringify(profile));
  const selfTime = profile ? selfTimePerKey(profile, KEYS + 1) : null;
  const burst = await page.evaluate(() => ({
    keys: window.__typing.keydowns.length,
    slow: window.__typing.events.filter((e) => e.name === 'keydown').map((e) => e.duration),
    longTasks: window.__typing.longTasks.map((t) => ({ ...t })),
    frames: window.__typing.frames.map((f) => ({ ...f })),
    messages: window.__typing.messages.map((m) => ({ ...m })),
    // Results for a text typed over since, shown at idle, and those a newer result replaced before (web/src/stale-results.js).
    deferred: Number(document.body.dataset.resultsDeferred ?? 0),
    dropped: Number(document.body.dataset.resultsDropped ?? 0),
    // Workers restarted (a run busy too long when a newer request came: web/src/engine.js), which reloads the engines.
    restarts: Number(document.body.dataset.restarts ?? 0),
    applied: performance.getEntriesByName('result-applied').map((m) => ({ start: m.startTime, duration: m.duration })),
  }));
  const paint = [...burst.slow, ...Array(Math.max(0, burst.keys - burst.slow.length)).fill(8)];
  // A long task "when a result is applied": one that overlaps the application of a result.
  const overlapping = burst.longTasks.filter((t) => burst.applied.some((a) => t.start < a.start + a.duration && a.start < t.start + t.duration));
  // What made each long task long: the long animation frame that holds it, its scripts (by what invoked them) and
  // its rendering.
  const attribute = (t) => {
    const frame = burst.frames.find((f) => f.start <= t.start + 1 && t.start < f.start + f.duration);
    if (!frame) return { ms: Math.round(t.duration), what: '?' };
    const scripts = [...frame.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3)
      .map((x) => `${x.invoker}${x.fn && !x.invoker.includes(x.fn) ? ` ${x.fn}` : ''} ${Math.round(x.duration)}${x.forced >= 5 ? ` (forced layout ${Math.round(x.forced)})` : ''}`);
    const messages = burst.messages.filter((m) => m.start >= t.start - 1 && m.start < t.start + t.duration)
      .map((m) => `the worker's '${m.type}' handled in ${Math.round(m.duration)}`);
    return { ms: Math.round(t.duration), what: [...scripts, `render ${Math.round(frame.render)}`, ...messages].join(', ') };
  };

  // One key at a time, the engine idle: from the key to its result applied, against the engine's own time.
  const results = [];
  for (let i = 0; i < RESULTS; i += 1) {
    const before = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
    await page.keyboard.type(i % 2 ? 'y' : ' ');
    await page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n, before, { timeout: 60000, polling: 'raf' });
    const one = await page.evaluate(() => {
      const key = window.__typing.keydowns.at(-1);
      const applied = performance.getEntriesByName('result-applied').at(-1);
      // (A result is shown in two parts, the editor's then the panes': the last measure says how long the first took.)
      return { total: applied.startTime + applied.duration - key, engine: applied.detail.engineMs, pause: applied.detail.requested - key, apply: applied.duration + (applied.detail.editorMs ?? 0) };
    });
    results.push(one);
    await page.waitForTimeout(600);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  const page_ = results.map((r) => r.total - r.engine - Math.max(0, r.pause));
  return {
    name,
    load: loadavg().map((x) => Math.round(x * 10) / 10),
    lines: code.split('\n').length,
    paint: { keys: burst.keys, p50: percentile(paint, 50), p95: percentile(paint, 95), max: Math.round(Math.max(...paint)) },
    resultsWhileTyping: burst.applied.length,
    staleResults: { deferred: burst.deferred, dropped: burst.dropped },
    workerRestarts: burst.restarts,
    longTasksWhileApplying: overlapping.map((t) => Math.round(t.duration)),
    longestWhileApplying: Math.round(Math.max(0, ...overlapping.map((t) => t.duration))),
    attribution: burst.longTasks.map(attribute),
    applyingAttribution: overlapping.map(attribute),
    longTasksAll: burst.longTasks.map((t) => Math.round(t.duration)),
    applyMs: { p50: percentile(results.map((r) => r.apply), 50), max: Math.round(Math.max(...results.map((r) => r.apply))) },
    ...(perKey ? { mainThreadPerKey: perKey } : {}),
    ...(messageTasks ? { messageTasks } : {}),
    ...(selfTime ? { selfTimePerKey: selfTime } : {}),
    keyToResult: {
      p50: percentile(results.map((r) => r.total), 50),
      engineP50: percentile(results.map((r) => r.engine), 50),
      livePauseP50: percentile(results.map((r) => r.pause), 50),
      pageOwnP50: percentile(page_, 50),
      pageOwnMax: Math.round(Math.max(...page_)),
    },
  };
}

/** Record the renderer's trace (the DevTools timeline's events) until `stop()`, which resolves to them. */
async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories: process.env.TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

/** Sample the page's JavaScript until `stop()`, which resolves to the Profiler's profile. */
async function startProfile(cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return { stop: async () => (await cdp.send('Profiler.stop')).profile };
}

/**
 * The functions that took the most time of their own in `profile` (the page's thread), in ms per key over `keys`
 * keys: `[{ ms, name, at }]`, the 30 costliest, then the total of the page's JavaScript and of the browser's work
 * that the profile sees (garbage collection, `(program)`).
 */
function selfTimePerKey(profile, keys) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i += 1) {
    const node = byId.get(samples[i]);
    const delta = timeDeltas[i + 1] ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'}\t${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta / 1000);
  }
  const rows = [...self].map(([key, ms]) => {
    const [name, at] = key.split('\t');
    return { ms: Math.round((ms / keys) * 100) / 100, name, at };
  });
  rows.sort((a, b) => b.ms - a.ms);
  const sum = (test) => Math.round((rows.filter(test).reduce((a, r) => a + r.ms, 0)) * 10) / 10;
  const browser = (r) => r.name.startsWith('(') && r.at.startsWith(':');
  return { top: rows.filter((r) => r.name !== '(idle)').slice(0, 30), script: sum((r) => !browser(r)), browser: Object.fromEntries(rows.filter((r) => browser(r) && r.name !== '(idle)').map((r) => [r.name, r.ms])) };
}

/** The page's renderer's main thread in a trace (the thread that laid out), and its complete events by time. */
function mainThreadEvents(events) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'Layout'));
  return main ? events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts) : null;
}

/**
 * The 5 tasks that handled a worker's message (a result, lint, ...) with the most thread time, while the keys were
 * typed: `[{ cpu, wall, forcedStyle, forcedLayout, elements }]` in ms, `cpu` the thread's own time (what a loaded
 * machine's waiting for a core does not inflate, unlike `wall`), `forced*` the style and layout that the task's
 * script forced (thread time), `elements` the elements whose style that recalculated.
 */
function costliestMessageTasks(events) {
  const onMain = mainThreadEvents(events);
  if (!onMain) return null;
  const rows = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask')) {
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur);
    if (!inside.some((e) => e.name === 'HandlePostMessage')) continue;
    // Style and layout inside a script's call are forced (the frame's own come in tasks of their own); nested ones counted once.
    const forced = inside.filter((e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && inside.some((f) => f.name === 'FunctionCall' && f.ts <= e.ts && e.ts < f.ts + f.dur));
    const outer = forced.filter((e) => !forced.some((o) => o !== e && o.ts <= e.ts && e.ts + e.dur <= o.ts + o.dur));
    const sum = (name) => Math.round(outer.filter((e) => e.name === name).reduce((a, e) => a + (e.tdur ?? e.dur), 0) / 100) / 10;
    const elements = outer.filter((e) => e.name === 'UpdateLayoutTree').reduce((a, e) => a + (e.args?.elementCount ?? e.args?.beginData?.elementCount ?? 0), 0);
    rows.push({ cpu: Math.round((task.tdur ?? task.dur) / 1000), wall: Math.round(task.dur / 1000), forcedStyle: sum('UpdateLayoutTree'), forcedLayout: sum('Layout'), elements });
  }
  return rows.sort((a, b) => b.cpu - a.cpu).slice(0, 5);
}

/**
 * The main thread's tasks in `events` (the page's renderer: the thread that laid out), in ms per key over `keys`
 * keys, by what each task ran: the key's events, an animation frame and paint, a worker's message, a timer, an
 * idle callback, or other (the browser's own: committing frames, input it routes).
 */
function mainThreadPerKey(events, keys) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'Layout'));
  if (!main) return null;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const kinds = { key: 0, frame: 0, message: 0, timer: 0, idle: 0, other: 0 };
  let at = 0;
  for (const task of tasks) {
    while (at < onMain.length && onMain[at].ts < task.ts) at += 1;
    const inside = [];
    for (let i = at; i < onMain.length && onMain[i].ts < task.ts + task.dur; i += 1) inside.push(onMain[i]);
    const has = (name, type) => inside.some((e) => e.name === name && (!type || e.args?.data?.type === type));
    const kind = has('EventDispatch', 'keydown') || has('EventDispatch', 'keypress') ? 'key'
      : has('FireAnimationFrame') || has('Paint') ? 'frame'
      : has('HandlePostMessage') ? 'message'
      : has('TimerFire') ? 'timer'
      : has('FireIdleCallback') ? 'idle'
      : 'other';
    kinds[kind] += task.dur / 1000;
  }
  const perKey = Object.fromEntries(Object.entries(kinds).map(([kind, ms]) => [kind, Math.round(ms / keys)]));
  perKey.total = Object.values(perKey).reduce((a, b) => a + b, 0);
  // The browser's own work in those tasks, by what it was (style is recalculated for `elements` elements per key).
  const work = { style: 0, layout: 0, prePaint: 0, paint: 0, layerize: 0, commit: 0, hitTest: 0 };
  const names = { UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'prePaint', Paint: 'paint', Layerize: 'layerize', Commit: 'commit', HitTest: 'hitTest' };
  let elements = 0;
  for (const e of onMain) {
    if (names[e.name]) work[names[e.name]] += e.dur / 1000;
    if (e.name === 'UpdateLayoutTree') elements += e.args?.elementCount ?? e.args?.beginData?.elementCount ?? 0;
  }
  perKey.browser = Object.fromEntries(Object.entries(work).map(([kind, ms]) => [kind, Math.round((ms / keys) * 10) / 10]));
  perKey.browser.elements = Math.round(elements / keys);
  return perKey;
}

const figures = [];
for (let run = 0; run < REPEAT; run += 1) {
  for (const [name, code] of [['3,000-line manifest', manifest(3000)], ['30-line snippet', manifest(30)]].filter(([, code]) => !LINES || code.split('\n').length === LINES)) figures.push({ run: run + 1, ...(await measure(name, code)) });
}
await browser.close();
await new Promise((done) => server.close(done));
display?.stop();

console.log(`CPU throttled ${RATE}×, ${KEYS} keys typed ${KEY_INTERVAL_MS} ms apart ${ABOVE ? `${ABOVE} lines above the end` : 'at the end'}, then ${RESULTS} single keys${REPEAT > 1 ? `; ${REPEAT} runs` : ''}:`);
for (const f of figures) {
  const ok = (test) => (test ? 'ok' : 'OVER');
  console.log(`\n${f.name} (${f.lines} lines)${REPEAT > 1 ? `, run ${f.run}` : ''}; load average ${f.load.join(' ')}`);
  console.log(`  keystroke to paint: p50 ${f.paint.p50} ms (${ok(f.paint.p50 < TARGETS.paintP50)}), p95 ${f.paint.p95} ms (${ok(f.paint.p95 < TARGETS.paintP95)}), max ${f.paint.max} ms`);
  console.log(`  main-thread tasks over 50 ms while a result is applied (${f.resultsWhileTyping} results' parts applied while typing; stale results shown at idle ${f.staleResults.deferred}, replaced before ${f.staleResults.dropped}; worker restarts ${f.workerRestarts}): ${f.longTasksWhileApplying.length ? f.longTasksWhileApplying.join(', ') + ' ms (OVER)' : 'none (ok)'}; any while typing: ${f.longTasksAll.join(', ') || 'none'}`);
  console.log(`  longest main-thread task while a result is applied: ${f.longestWhileApplying} ms (${ok(f.longestWhileApplying <= TARGETS.longTaskMs)}); tasks over 50 ms while typing: ${f.longTasksAll.length}`);
  if (ATTRIBUTE) for (const a of f.attribution) console.log(`    ${String(a.ms).padStart(4)} ms: ${a.what}`);
  else for (const a of f.applyingAttribution) console.log(`    while applying, ${a.ms} ms: ${a.what}`);
  console.log(`  applying a result: p50 ${f.applyMs.p50} ms, max ${f.applyMs.max} ms`);
  console.log(
    `  keystroke to updated result: p50 ${f.keyToResult.p50} ms = the live pause ${f.keyToResult.livePauseP50} ms + the engine ${f.keyToResult.engineP50} ms + the page ${f.keyToResult.pageOwnP50} ms (max ${f.keyToResult.pageOwnMax} ms: ${ok(f.keyToResult.pageOwnMax < TARGETS.resultOverEngine)})`,
  );
  if (f.mainThreadPerKey) {
    const { browser, ...k } = f.mainThreadPerKey;
    console.log(`  main-thread time per key: ${k.total} ms = the key ${k.key} + frames ${k.frame} + worker messages ${k.message} + timers ${k.timer} + idle ${k.idle} + other ${k.other} (keys ${KEY_INTERVAL_MS} ms apart)`);
    console.log(`  of which the browser's work: style ${browser.style} ms (${browser.elements} elements), layout ${browser.layout}, pre-paint ${browser.prePaint}, paint ${browser.paint}, layerize ${browser.layerize}, commit ${browser.commit}, hit tests ${browser.hitTest}`);
  }
  if (f.messageTasks) {
    console.log(`  the worker's messages' costliest tasks, thread time (wall time; forced style for N elements + forced layout, thread time): ${f.messageTasks.map((t) => `${t.cpu} ms (${t.wall}; ${t.forcedStyle} for ${t.elements} + ${t.forcedLayout})`).join(', ') || 'none'}`);
  }
  if (f.selfTimePerKey) {
    const p = f.selfTimePerKey;
    console.log(`  JavaScript per key: ${p.script} ms; the browser's: ${Object.entries(p.browser).map(([name, ms]) => `${name} ${ms}`).join(', ')}; the functions that took most of it (ms per key, their own time):`);
    for (const row of p.top) console.log(`    ${row.ms.toFixed(2).padStart(6)}  ${row.name}  ${row.at}`);
  }
}
if (REPEAT > 1) {
  // The spread over the runs: least, median and most.
  const spread = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${sorted[0]}–${sorted[Math.floor(sorted.length / 2)]}–${sorted[sorted.length - 1]}`;
  };
  console.log(`\nspread over ${REPEAT} runs (least–median–most):`);
  for (const name of new Set(figures.map((f) => f.name))) {
    const of = figures.filter((f) => f.name === name);
    console.log(`  ${name}: paint p50 ${spread(of.map((f) => f.paint.p50))} ms, p95 ${spread(of.map((f) => f.paint.p95))} ms; longest task while applying ${spread(of.map((f) => Math.max(0, ...f.longTasksWhileApplying)))} ms (0: none); applying p50 ${spread(of.map((f) => f.applyMs.p50))} ms; result's page share p50 ${spread(of.map((f) => f.keyToResult.pageOwnP50))} ms`);
  }
}
console.log(`\n${JSON.stringify(figures)}`);
