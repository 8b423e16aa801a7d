// The file tabs above the editor: the files opened this visit (snippet.pp always first), the open one marked; a click opens one, × (or a middle click) closes its tab.
import { SNIPPET } from './workspace.js';

const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);

/**
 * `list`: the <ul> to fill. `open(path)` shows a file in the editor. Returns { opened(path), renamed(moves),
 * removed(paths), reset(path), paths() }.
 */
export function createFileTabs(list, { open }) {
  let paths = [SNIPPET];
  let current = SNIPPET;

  function render() {
    list.replaceChildren(
      ...paths.map((path) => {
        const item = document.createElement('li');
        item.className = 'file-tab';
        item.dataset.path = path;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'file-tab-name mono';
        button.textContent = baseName(path);
        button.title = path;
        button.dataset.testid = 'file-tab';
        if (path === current) button.setAttribute('aria-current', 'page');
        button.addEventListener('click', () => open(path));
        item.append(button);
        if (path !== SNIPPET) {
          const close = document.createElement('button');
          close.type = 'button';
          close.className = 'file-tab-close';
          close.setAttribute('aria-label', `Close ${path}`);
          close.title = `Close ${path} (its text stays in the Files pane)`;
          close.textContent = '×';
          close.addEventListener('click', () => closeTab(path));
          item.append(close);
        }
        item.addEventListener('auxclick', (event) => {
          if (event.button === 1 && path !== SNIPPET) closeTab(path);
        });
        return item;
      }),
    );
    list.querySelector('[aria-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  function closeTab(path) {
    const at = paths.indexOf(path);
    if (at < 0) return;
    paths.splice(at, 1);
    if (path === current) open(paths[Math.min(at, paths.length - 1)]);
    else render();
  }

  return {
    /** `path` is now the editor's file: it gets a tab (after the others) if it had none. */
    opened(path) {
      current = path;
      if (!paths.includes(path)) paths.push(path);
      render();
    },

    /** Files renamed or moved (`[[from, to], ...]`): their tabs follow. */
    renamed(moves) {
      const to = new Map(moves);
      paths = paths.map((path) => to.get(path) ?? path);
      current = to.get(current) ?? current;
      render();
    },

    /** Files deleted: their tabs go. */
    removed(deleted) {
      paths = paths.filter((path) => !deleted.includes(path));
      render();
    },

    /** A new environment: only `path` (and snippet.pp) have tabs. */
    reset(path = SNIPPET) {
      paths = path === SNIPPET ? [SNIPPET] : [SNIPPET, path];
      current = path;
      render();
    },

    paths: () => [...paths],
  };
}
