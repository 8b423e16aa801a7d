// The Files pane: the environment as a keyboard-usable tree (snippet.pp pinned first), with new, rename and delete.
import { parentOf, SNIPPET } from '../workspace.js';

const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);

/**
 * `elements`: { tree, form, label, input, ok, cancel, error, newFile, newFolder, rename, remove }.
 * `actions`: { workspace() → the Workspace, open(path, { focusEditor }), create(kind, path), rename(from, to),
 * remove(path) → Promise } — create and rename throw an Error saying why they cannot be done.
 */
export function createFilesPane(elements, actions) {
  const { tree, form, label, input, ok, cancel, error } = elements;
  const expanded = new Set();
  let selected = SNIPPET;
  let openPath = SNIPPET;
  let problems = new Map();
  let editing = null; // { kind: 'file' | 'folder' | 'rename', base, from }

  /** The rows the tree shows: snippet.pp, then every folder and file under expanded folders. */
  function rows() {
    const ws = actions.workspace();
    const folders = ws.allFolders();
    const out = [{ path: SNIPPET, kind: 'file', level: 1, pinned: true }];
    const walk = (folder, level) => {
      for (const child of ws.childrenOf(folder, folders)) {
        out.push({ ...child, level });
        if (child.kind === 'folder' && expanded.has(child.path)) walk(child.path, level + 1);
      }
    };
    walk('', 1);
    return out;
  }

  /** A file's or folder's problems: `{ errors, warnings }`. */
  function problemsOf(path, kind) {
    if (kind === 'file') return problems.get(path) ?? { errors: 0, warnings: 0 };
    const count = { errors: 0, warnings: 0 };
    for (const [file, n] of problems) {
      if (!file.startsWith(`${path}/`)) continue;
      count.errors += n.errors;
      count.warnings += n.warnings;
    }
    return count;
  }

  function render() {
    const hadFocus = tree.contains(document.activeElement);
    const list = rows();
    if (!list.some((r) => r.path === selected)) selected = list.some((r) => r.path === openPath) ? openPath : SNIPPET;
    tree.replaceChildren(
      ...list.map((row) => {
        const item = document.createElement('li');
        item.setAttribute('role', 'treeitem');
        item.className = `tree-item ${row.kind}`;
        item.dataset.path = row.path;
        item.setAttribute('aria-level', String(row.level));
        item.style.setProperty('--level', String(row.level - 1)); // CSSOM, which the CSP allows
        item.setAttribute('aria-selected', String(row.path === selected));
        item.tabIndex = row.path === selected ? 0 : -1;
        if (row.path === openPath) item.setAttribute('aria-current', 'true');
        const name = row.pinned ? SNIPPET : baseName(row.path);
        const count = problemsOf(row.path, row.kind);
        const twisty = document.createElement('span');
        twisty.className = 'tree-twisty';
        twisty.setAttribute('aria-hidden', 'true');
        const text = document.createElement('span');
        text.className = 'tree-name';
        text.textContent = name;
        item.append(twisty, text);
        if (row.kind === 'folder') {
          const open = expanded.has(row.path);
          item.setAttribute('aria-expanded', String(open));
          twisty.textContent = open ? '▾' : '▸';
        }
        if (row.pinned) {
          const note = document.createElement('span');
          note.className = 'tree-note';
          note.textContent = 'main code';
          item.append(note);
        }
        const total = count.errors + count.warnings;
        if (total) {
          // Red for errors; a file with only warnings gets the warning colour. The accessible name is the row's
          // text (a label that differs from it confuses speech input).
          const badge = document.createElement('span');
          badge.className = count.errors ? 'tree-badge error' : 'tree-badge warning';
          badge.dataset.testid = 'problem-badge';
          const words = document.createElement('span');
          words.className = 'visually-hidden';
          words.textContent = count.errors
            ? ` problem${total > 1 ? 's' : ''}`
            : ` warning${total > 1 ? 's' : ''}`;
          badge.append(String(total), words);
          item.append(badge);
        }
        item.title = row.pinned ? `${SNIPPET}: the main code (it cannot be renamed or deleted)` : row.path;
        return item;
      }),
    );
    const pinned = selected === SNIPPET;
    elements.rename.disabled = pinned;
    elements.remove.disabled = pinned;
    if (hadFocus) focusSelected();
  }

  const itemOf = (path) => [...tree.children].find((item) => item.dataset.path === path);
  function focusSelected() {
    itemOf(selected)?.focus();
  }

  function select(path, focus = true) {
    selected = path;
    for (const item of tree.children) {
      const is = item.dataset.path === path;
      item.setAttribute('aria-selected', String(is));
      item.tabIndex = is ? 0 : -1;
    }
    elements.rename.disabled = path === SNIPPET;
    elements.remove.disabled = path === SNIPPET;
    if (focus) focusSelected();
  }

  const isFolder = (path) => path !== SNIPPET && actions.workspace().isFolder(path) && !actions.workspace().isFile(path);

  function toggle(path, open = !expanded.has(path)) {
    if (open) expanded.add(path);
    else expanded.delete(path);
    render();
  }

  function activate(path, { focusEditor }) {
    select(path, !focusEditor);
    if (isFolder(path)) toggle(path);
    else actions.open(path, { focusEditor });
  }

  /** The folder new things go into: the selected folder, or the selected file's folder. */
  const targetFolder = () => (selected === SNIPPET ? '' : isFolder(selected) ? selected : parentOf(selected));

  function startEditing(kind) {
    const base = kind === 'rename' ? parentOf(selected) : targetFolder();
    if (kind === 'rename' && selected === SNIPPET) return;
    editing = { kind, base, from: kind === 'rename' ? selected : null };
    const where = base ? `${base}/` : 'the top folder';
    label.textContent =
      kind === 'rename' ? `Rename ${selected} to (in ${where})` : `New ${kind} in ${where} (a/b/name makes folders)`;
    input.value = kind === 'rename' ? baseName(selected) : '';
    input.placeholder = kind === 'file' ? 'name.pp' : kind === 'folder' ? 'name' : '';
    ok.textContent = kind === 'rename' ? 'Rename' : 'Create';
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    form.hidden = false;
    input.focus();
    if (kind === 'rename') {
      const dot = input.value.lastIndexOf('.');
      input.setSelectionRange(0, dot > 0 && !isFolder(selected) ? dot : input.value.length);
    }
  }

  function stopEditing() {
    editing = null;
    form.hidden = true;
    focusSelected();
  }

  function commit() {
    if (!editing) return;
    const path = editing.base ? `${editing.base}/${input.value.trim()}` : input.value.trim();
    try {
      if (editing.kind === 'rename') {
        const from = editing.from;
        const to = actions.rename(from, path);
        // Folders that were open stay open under their new path.
        for (const folder of [...expanded]) {
          if (folder === from || folder.startsWith(`${from}/`)) {
            expanded.delete(folder);
            expanded.add(to + folder.slice(from.length));
          }
        }
        for (let p = parentOf(to); p; p = parentOf(p)) expanded.add(p);
        selected = to;
      } else {
        const made = actions.create(editing.kind, path);
        for (let p = editing.kind === 'folder' ? made : parentOf(made); p; p = parentOf(p)) expanded.add(p);
        selected = made;
      }
    } catch (failure) {
      error.textContent = failure.message;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    const wasFile = editing.kind === 'file';
    editing = null;
    form.hidden = true;
    render();
    if (!wasFile) focusSelected(); // a new file is opened in the editor, which has the focus
  }

  async function removeSelected() {
    if (selected === SNIPPET) return;
    const path = selected;
    const rowsNow = rows();
    const index = rowsNow.findIndex((r) => r.path === path);
    if (await actions.remove(path)) {
      const next = rows();
      selected = next[Math.min(index, next.length - 1)]?.path ?? SNIPPET;
      render();
      focusSelected();
    }
  }

  tree.addEventListener('click', (event) => {
    const item = event.target.closest('[role="treeitem"]');
    if (item) activate(item.dataset.path, { focusEditor: true });
  });
  // Selection follows focus (a click, Tab into the tree, or a script's focus()).
  tree.addEventListener('focusin', (event) => {
    const item = event.target.closest('[role="treeitem"]');
    if (item && item.dataset.path !== selected) select(item.dataset.path, false);
  });
  tree.addEventListener('keydown', (event) => {
    const list = [...tree.children];
    const index = list.findIndex((item) => item.dataset.path === selected);
    const path = selected;
    const move = (i) => {
      const item = list[Math.max(0, Math.min(list.length - 1, i))];
      if (item) select(item.dataset.path);
    };
    const handled = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(list.length - 1),
      ArrowRight: () => {
        if (!isFolder(path)) return;
        if (!expanded.has(path)) toggle(path, true);
        else move(index + 1);
      },
      ArrowLeft: () => {
        if (isFolder(path) && expanded.has(path)) toggle(path, false);
        else if (parentOf(path)) select(parentOf(path));
      },
      Enter: () => activate(path, { focusEditor: true }),
      ' ': () => activate(path, { focusEditor: false }),
      F2: () => startEditing('rename'),
      Delete: () => removeSelected(),
    }[event.key];
    if (!handled) return;
    event.preventDefault();
    handled();
  });

  elements.newFile.addEventListener('click', () => startEditing('file'));
  elements.newFolder.addEventListener('click', () => startEditing('folder'));
  elements.rename.addEventListener('click', () => startEditing('rename'));
  elements.remove.addEventListener('click', () => removeSelected());
  ok.addEventListener('click', commit);
  cancel.addEventListener('click', stopEditing);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  });

  return {
    render,
    /** The file open in the editor: marked in the tree, its folders expanded, selected. */
    showOpen(path) {
      openPath = path;
      selected = path;
      for (let p = parentOf(path); p; p = parentOf(p)) expanded.add(p);
      render();
    },
    /** Problems per file (path → { errors, warnings }), shown as badges on files and their folders. */
    showProblems(counts) {
      const same = (a, b) => a && b && a.errors === b.errors && a.warnings === b.warnings;
      const unchanged = counts.size === problems.size && [...counts].every(([file, n]) => same(problems.get(file), n));
      problems = counts;
      if (!unchanged) render();
    },
    /** A new environment: its top folders (and `open`'s folders) expanded, nothing else. */
    reset(open) {
      expanded.clear();
      for (const { path, kind } of actions.workspace().childrenOf('')) if (kind === 'folder') expanded.add(path);
      form.hidden = true;
      editing = null;
      this.showOpen(open);
    },
    expand(path) {
      for (let p = path; p; p = parentOf(p)) expanded.add(p);
      render();
    },
  };
}
