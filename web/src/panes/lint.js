// The Lint pane: puppet-lint's findings for the open file (each a button that goes to it), "Fix all", lint on or off, and the checks to run, as puppet-lint's --no-<check>-check and --<check>-check choose them.
import { lazyPane } from '../lazy-pane.js';
import { checkRuns, LINT_CHECKS, onByDefault } from '../lint-checks.js';

/**
 * `elements`: { panel, on (checkbox), fix (button), preview (button), note, list, count (the tab's), checks (container), checksCount }.
 * `handlers`: { toggled(on), checkChanged(check, on), fix(), preview(), select(finding) }.
 * Returns { show(path, findings, fixable), note(text), showSettings(settings) }.
 */
export function setupLintPane(elements, handlers) {
  elements.on.addEventListener('change', () => handlers.toggled(elements.on.checked));
  elements.fix.addEventListener('click', () => handlers.fix());
  elements.preview.addEventListener('click', () => handlers.preview());

  const boxes = new Map();
  for (const check of LINT_CHECKS) {
    const label = document.createElement('label');
    label.className = 'lint-check';
    label.title = onByDefault(check) ? `on by default; off: --no-${check}-check` : `off by default; on: --${check}-check`;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = check;
    box.dataset.check = check;
    box.addEventListener('change', () => handlers.checkChanged(check, box.checked));
    const name = document.createElement('span');
    name.className = 'mono';
    name.textContent = check;
    label.append(box, name);
    boxes.set(check, box);
    elements.checks.append(label);
  }

  /** The findings' rows, made while the pane is shown (a 3,000-line file's hundreds of them are not made on every keystroke). */
  const rows = lazyPane(elements.panel, (findings) =>
    elements.list.replaceChildren(
      ...findings.map((f) => {
        const item = document.createElement('li');
        item.className = `problem ${f.kind === 'error' ? 'error' : 'warning'}`;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'problem-button';
        button.textContent = `${f.line}:${f.column} ${f.kind} ${f.check}: ${f.message}`; // text only
        button.addEventListener('click', () => handlers.select(f));
        item.append(button);
        return item;
      }),
    ),
  );

  /** The pane's one line about what it shows (the findings' file, why there are none). */
  function note(text) {
    elements.note.textContent = text;
  }

  return {
    note,

    /**
     * The findings for `path` ({ line, column, kind, check, message } with their places), listed by place, and whether
     * "Fix all" would change the text.
     */
    show(path, findings, fixable) {
      // By place (puppet-lint reports them check by check).
      rows.update([...findings].sort((a, b) => a.line - b.line || a.column - b.column));
      elements.count.textContent = findings.length ? ` (${findings.length})` : '';
      elements.fix.disabled = !fixable;
      elements.preview.disabled = !fixable;
      const count = findings.length === 1 ? '1 finding' : `${findings.length} findings`;
      note(findings.length ? `${count} in ${path}.` : `No findings in ${path}.`);
    },

    /** No findings to show (lint off, the engine not there yet, not a .pp file): `text` says why. */
    clear(text) {
      rows.update([]);
      elements.count.textContent = '';
      elements.fix.disabled = true;
      elements.preview.disabled = true;
      note(text);
    },

    /** Show the settings: lint on or off, and which checks run. */
    showSettings({ lint, lintChecks }) {
      elements.on.checked = lint;
      let on = 0;
      for (const [check, box] of boxes) {
        box.checked = checkRuns(lintChecks, check);
        box.disabled = !lint;
        if (box.checked) on += 1;
      }
      elements.checksCount.textContent = `${on} of ${LINT_CHECKS.length} on`;
    },
  };
}
