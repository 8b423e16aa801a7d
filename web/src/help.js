// The Help dialog: the documentation of the code at the editor's cursor, the keyboard shortcuts (from the commands the page runs, the same list the palette shows), the panes (from the pane registry), what the playground runs.
import { docsAt } from './docs-links.js';
import { PANE_GROUPS, PANES } from './panes/registry.js';

/** A definition list's row: `term` (a node or text) and `description`. */
function row(list, term, description) {
  const dt = document.createElement('dt');
  dt.append(term);
  const dd = document.createElement('dd');
  dd.textContent = description;
  list.append(dt, dd);
}

/** `keys` as <kbd> elements joined by commas. */
function kbds(keys) {
  const span = document.createElement('span');
  keys.forEach((key, i) => {
    if (i) span.append(', ');
    const kbd = document.createElement('kbd');
    kbd.textContent = key;
    span.append(kbd);
  });
  return span;
}

/**
 * `elements`: { button, dialog, close, link, where, shortcuts, panes }; `cursor()` → { path, text, pos } of the
 * editor; `shortcuts()` → the rows to list: { title, keys } (the commands with a shortcut, and the keys that are
 * not commands: moving through the Files tree, the tabs).
 */
export function setupHelp({ button, dialog, close, link, where, shortcuts, panes }, cursor, listShortcuts) {
  function fill() {
    shortcuts.replaceChildren();
    for (const { title, keys } of listShortcuts()) row(shortcuts, kbds(keys), title);
    panes.replaceChildren();
    for (const group of PANE_GROUPS) {
      for (const pane of PANES.filter((p) => p.group === group.id)) {
        const term = document.createElement('span');
        term.textContent = `${pane.title} `;
        const small = document.createElement('span');
        small.className = 'help-group';
        small.textContent = `(${group.title.toLowerCase()})`;
        term.append(small);
        row(panes, term, pane.help);
      }
    }
  }

  function open() {
    const { path, text, pos } = cursor();
    const { url, label } = docsAt(text, pos, path);
    link.href = url;
    link.textContent = label;
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    where.textContent = `${path}, line ${line}, column ${pos - before.lastIndexOf('\n')}`;
    fill();
    dialog.showModal();
    close.focus();
  }
  button.addEventListener('click', open);
  close.addEventListener('click', () => dialog.close());
  // Back to the Help button, as a menu does.
  dialog.addEventListener('close', () => button.focus());
  return { open };
}
