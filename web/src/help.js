// The Help dialog: keyboard shortcuts, the documentation of the code at the editor's cursor, what the playground runs.
import { docsAt } from './docs-links.js';

/** `elements`: { button, dialog, close, link, where }; `cursor()` → { path, text, pos } of the editor. */
export function setupHelp({ button, dialog, close, link, where }, cursor) {
  function open() {
    const { path, text, pos } = cursor();
    const { url, label } = docsAt(text, pos, path);
    link.href = url;
    link.textContent = label;
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    where.textContent = `${path}, line ${line}, column ${pos - before.lastIndexOf('\n')}`;
    dialog.showModal();
    close.focus();
  }
  button.addEventListener('click', open);
  close.addEventListener('click', () => dialog.close());
  // Back to the Help button, as a menu does.
  dialog.addEventListener('close', () => button.focus());
  return { open };
}
