// Lint on the page: what the worker lints (the open .pp file, the checks chosen, the environment's .puppet-lint.rc), its findings as squiggles and in the Lint pane, Fix all, and the full engine (which lints) asked for at idle after the first result.
import { lintOptions, withCheck } from './lint-checks.js';
import { setupLintPane } from './panes/lint.js';
import { minimalChanges } from './text-diff.js';

/** The environment's file puppet-lint reads its options from (as `./.puppet-lint.rc` in the folder it runs in). */
const LINT_RC = '.puppet-lint.rc';
const whenIdle = (f) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 0));

/**
 * `elements`: the Lint pane's (see panes/lint.js). `page`: { settings (the live object), editor, engine(),
 * workspace(), snippet (snippet.pp's path), isPuppet(path), track(id, request) (remember a request's texts),
 * request(id) (that request, if of the environment shown now), textIn(request, path), persist(), userEdited(),
 * goTo(path, from, to), firstResultShown(), showPreview(path, before, after, apply) }.
 */
export function setupLint(elements, page) {
  const { settings, editor } = page;
  /** Whether the worker's engine lints now (its full engine has loaded). */
  let ready = false;
  /** Why the full engine could not be loaded for lint, or null. */
  let failed = null;
  /** The last findings shown: { path, text (as linted), fixed (what puppet-lint's --fix makes of it) }, for Fix all. */
  let shown = null;
  /** Fix all (or its preview) was asked for while the findings were older than the text: done when the next ones come. */
  let fixWanted = false;
  let previewWanted = false;
  /** The file and text lint's engine trapped on (and why): not linted again until edited; or null. */
  let trapped = null;
  /** The run that lint's trap ended before it evaluated (run again, without lint, on the restarted worker), or null. */
  let rerunAfterTrap = null;

  /**
   * What the worker lints with a run or alone: the open file when it is a .pp file and lint is on (undefined
   * otherwise). snippet.pp is linted as code without a file (as puppet-lint's Ruby API lints a string), so
   * autoloader_layout looks at the environment's files only.
   */
  function request(files) {
    if (!settings.lint) return undefined;
    const path = editor.path;
    if (!page.isPuppet(path)) {
      pane.clear(`puppet-lint checks .pp files; ${path} is not one.`);
      return undefined;
    }
    if (trapped?.path === path && trapped.text === page.workspace().textOf(path)) {
      pane.clear(`puppet-lint's engine failed on this text (${trapped.message}); edit it to lint again.`);
      return undefined;
    }
    if (!ready) pane.clear(failed ?? 'puppet-lint runs in the full engine, which loads after the first result…');
    const rc = files[LINT_RC];
    return { path, options: lintOptions(settings.lintChecks, { rc, path: path === page.snippet ? null : `/${path}` }) };
  }

  /** Lint the open file again without evaluating (lint's engine has come, the checks changed). */
  function lintNow() {
    const workspace = page.workspace();
    const files = workspace.filesObject();
    const lint = request(files);
    if (!lint || !ready) return;
    const source = workspace.snippet;
    const id = page.engine().lint(source, files, lint);
    editor.snapshot(id);
    page.track(id, { source, files, lintPath: lint.path, lintOnly: true });
  }

  /** Apply puppet-lint's fixes to the open file as one edit (one undo), changing only what they change. */
  function fixAll() {
    const current = shown && shown.path === editor.path && shown.text === editor.text();
    if (!current) {
      fixWanted = true;
      lintNow();
      return;
    }
    fixWanted = false;
    editor.applyChanges(minimalChanges(shown.text, shown.fixed), 'lint.fix');
  }

  /** Show what Fix all would change in the open file (the preview's Apply makes it the same one edit). */
  function preview() {
    if (!page.isPuppet(editor.path)) return;
    const current = shown && shown.path === editor.path && shown.text === editor.text();
    if (!current) {
      previewWanted = true;
      lintNow();
      return;
    }
    previewWanted = false;
    const { path, text, fixed } = shown;
    page.showPreview(path, text, fixed, () => {
      // The text may have changed while the preview was open: the fixes apply to the text they were made for only.
      if (editor.path === path && editor.text() === text) editor.applyChanges(minimalChanges(text, fixed), 'lint.fix');
    });
  }

  const pane = setupLintPane(elements, {
    toggled(on) {
      settings.lint = on;
      page.userEdited();
      showSetting();
      page.persist();
      lintNow();
    },
    checkChanged(check, on) {
      settings.lintChecks = withCheck(settings.lintChecks, check, on);
      page.userEdited();
      pane.showSettings(settings);
      page.persist();
      lintNow();
    },
    fix: fixAll,
    preview,
    select: (f) => page.goTo(f.file, f.from, f.to),
  });

  /** Show the setting; lint on asks for the full engine (once the first result is there), lint off clears the squiggles. */
  function showSetting() {
    pane.showSettings(settings);
    if (settings.lint) {
      if (page.firstResultShown()) page.engine().loadFull();
      return;
    }
    shown = null;
    fixWanted = false;
    previewWanted = false;
    editor.clearLint();
    pane.clear('Lint is off.');
  }

  return {
    request,
    showSetting,
    preview,
    /** Whether lint can say what its fixes change now (on, and the open file a .pp file). */
    canFormat: () => settings.lint && page.isPuppet(editor.path),

    /** The first result came from the light engine: the full one, which lints, loads now, when the page is idle. */
    firstResult() {
      if (settings.lint) whenIdle(() => page.engine().loadFull());
    },

    /** A new worker (the first, or one restarted) lints once its full engine is there again. */
    workerStarted() {
      ready = false;
    },

    /** Findings (null: the engine has no lint yet) for request `id`'s text of `path`, and the text its fixes make. */
    show({ id, path, findings, fixed }) {
      const req = page.request(id);
      if (!findings || !req || !settings.lint || path !== editor.path) return;
      const map = editor.mappersFor(id, { keep: true })(path); // kept: more of its run may follow
      const placed = findings.map((f) => ({ ...f, file: path, from: map(f.start), to: map(f.end, 1) }));
      editor.showLint(path, placed.filter((f) => f.check !== 'syntax'));
      const text = page.textIn(req, path) ?? '';
      shown = { path, text, fixed };
      pane.show(path, placed, fixed !== text);
      if (fixWanted && text === editor.text()) fixAll();
      if (previewWanted && text === editor.text()) preview();
      if (!document.body.dataset.firstLintMs) document.body.dataset.firstLintMs = String(Math.round(performance.now()));
      document.body.dataset.lints = String(Number(document.body.dataset.lints ?? 0) + 1);
    },

    fullReady() {
      ready = true;
      failed = null;
      if (settings.lint) lintNow();
    },

    fullFailed(message) {
      failed = `puppet-lint's engine could not be loaded (${message}); turn lint off and on to try again.`;
      if (settings.lint) pane.clear(failed);
    },

    /** The worker crashed on request `id`; `lint`: in lint's engine, whose text is then not linted again until edited. */
    crashed(message, id, lint) {
      const req = page.request(id);
      if (!lint || !req?.lintPath) return;
      trapped = { path: req.lintPath, text: page.textIn(req, req.lintPath), message };
      // A run lints after its result: one that trapped before it had one runs again.
      if (!req.lintOnly && !req.resulted) rerunAfterTrap = id;
    },

    /** After a restart: whether the run that lint's trap cut short should run again (without lint). */
    rerunAfterRestart(reason, id) {
      const again = reason === 'crashed' && rerunAfterTrap === id;
      rerunAfterTrap = null;
      return again;
    },
  };
}
