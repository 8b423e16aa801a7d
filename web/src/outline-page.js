// The outline on the page: the open .pp file's symbols asked of the worker when the Outline pane is shown, after each run and after a pause in typing (older answers dropped), and the cursor's symbol marked as it moves.
import { setupOutlinePane } from './panes/outline.js';

/** The pause after an edit before the outline is asked for again (ms). */
const EDIT_PAUSE_MS = 300;

/**
 * `elements`: { panel, list, note, count }. `page`: { editor, isPuppet(path), ask(text) (the symbols of a
 * manifest's text, or null), goTo(path, from, to) }.
 * Returns { refresh(), edited(), cursorMoved(path, pos) }.
 */
export function setupOutline(elements, page) {
  const { editor } = page;
  /** The path the shown outline is of (null: none shown). */
  let shownPath = null;
  const pane = setupOutlinePane(elements, (symbol) => {
    if (shownPath) page.goTo(shownPath, symbol.nameStart, symbol.nameEnd);
  });
  /** The number of the latest question: an answer to an older one is stale. */
  let asked = 0;
  let pauseTimer = null;
  const visible = () => !elements.panel.hidden;

  /** Ask for the open file's outline (only while the pane is shown: it needs the full engine). */
  function refresh() {
    clearTimeout(pauseTimer);
    if (!visible()) return;
    const id = ++asked;
    const { path, text } = editor.cursor();
    if (!page.isPuppet(path)) {
      shownPath = null;
      pane.clear(`The outline is shown for .pp files; ${path} is not one.`);
      return;
    }
    page.ask(text).then((symbols) => {
      if (id !== asked) return; // a newer question was asked since
      if (!Array.isArray(symbols)) {
        shownPath = null;
        pane.clear('No outline yet: the engine is still loading, or could not be loaded.');
        return;
      }
      const now = editor.cursor();
      shownPath = path;
      pane.show(path, symbols, now.path === path ? now.pos : null);
      document.body.dataset.outlines = String(Number(document.body.dataset.outlines ?? 0) + 1);
    });
  }

  // The tabs show a pane by clearing its `hidden` attribute.
  new MutationObserver(() => visible() && refresh()).observe(elements.panel, { attributes: true, attributeFilter: ['hidden'] });

  return {
    refresh,

    /** The open file was edited: ask again after a pause. */
    edited() {
      clearTimeout(pauseTimer);
      if (visible()) pauseTimer = setTimeout(refresh, EDIT_PAUSE_MS);
    },

    /** The cursor of file `path` is at `pos`: mark its symbol. */
    cursorMoved(path, pos) {
      if (path === shownPath) pane.markAt(pos);
    },
  };
}
