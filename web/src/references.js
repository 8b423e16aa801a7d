// Find references: Shift+F12 on a name asks the page for every place that names it (the engine answers); the list shows one row per place, `path:line` and the line with the name marked; Enter or a click opens that place, Escape closes.
import { keymap } from '@codemirror/view';

/** The editor's key: `ask(pos)` is called with the document offset under the cursor. */
export function findReferences(ask) {
  return keymap.of([{ key: 'Shift-F12', run: (view) => (ask(view.state.selection.main.head), true) }]);
}

/** The 1-based line of UTF-16 offset `offset` of `text`, that line's text and where it starts. */
export function lineAt(text, offset) {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const end = newline < 0 ? text.length : newline;
  const line = text.slice(0, start).split('\n').length;
  return { line, start, text: text.slice(start, end) };
}

/**
 * The list of references, placed after `anchor` (hidden until shown). `onOpen(place)` opens a place;
 * `onClose()` is called when Escape closes the list (the page gives the editor the focus back).
 */
export function createReferencesList(anchor, { onOpen, onClose }) {
  const root = document.createElement('section');
  root.className = 'references';
  root.dataset.testid = 'references';
  root.setAttribute('aria-labelledby', 'references-title');
  root.hidden = true;
  const head = document.createElement('div');
  head.className = 'references-head';
  const title = document.createElement('h2');
  title.id = 'references-title';
  title.textContent = 'References';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.setAttribute('aria-label', 'Close the references');
  close.addEventListener('click', () => hide(true));
  head.append(title, close);
  const list = document.createElement('ul');
  list.className = 'references-list';
  root.append(head, list);
  anchor.after(root);

  function hide(giveFocusBack) {
    root.hidden = true;
    list.replaceChildren();
    if (giveFocusBack) onClose();
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      hide(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const rows = [...list.querySelectorAll('button')];
    const at = rows.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))].focus();
  });

  /** One row: `path:line` and the line's text with `start..end` marked. */
  function row(place) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'reference';
    const where = document.createElement('span');
    where.className = 'reference-where mono';
    where.textContent = `${place.path}:${place.line}`;
    const code = document.createElement('code');
    code.className = 'reference-line';
    const from = place.start - place.lineStart;
    const to = Math.min(place.end - place.lineStart, place.lineText.length);
    const mark = document.createElement('mark');
    mark.textContent = place.lineText.slice(from, to);
    code.append(place.lineText.slice(0, from).trimStart(), mark, place.lineText.slice(to));
    button.append(where, ' ', code);
    button.addEventListener('click', () => onOpen(place));
    item.append(button);
    return item;
  }

  return {
    /** Show `places` (`{ path, start, end, line, lineStart, lineText }`) and focus the first. */
    show(places) {
      list.replaceChildren(...places.map(row));
      title.textContent = `References (${places.length})`;
      root.hidden = false;
      list.querySelector('button')?.focus();
    },
    hide: () => hide(false),
  };
}
