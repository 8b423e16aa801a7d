// What the Files pane and an opened folder do to the environment: make, rename, delete, and add or replace with what was opened.
import { confirmAction } from './confirm.js';
import { byteLength, SNIPPET } from './workspace.js';

const isPuppet = (path) => /\.pp$/i.test(path);

/**
 * `page`: { workspace(), editor, limits(), openFile(path, options), runNow(), loadEnvironment(data, options),
 * filesPane(), showOpen(path), named(name), renamed(moves) (files moved: [[from, to]]), removed(paths) }.
 */
export function fileActions(page) {
  const { editor } = page;
  return {
    /** Make a file (opened in the editor) or a folder; returns its path or throws an Error saying why not. */
    create(kind, path) {
      const workspace = page.workspace();
      const made = kind === 'file' ? workspace.addFile(path, '', page.limits()) : workspace.addFolder(path, page.limits());
      if (kind === 'file') page.openFile(made, { focusEditor: true });
      else page.runNow();
      return made;
    },

    /** Rename or move a file or a folder; its files keep their editor states. Returns the new path. */
    rename(from, path) {
      const { to, moves } = page.workspace().rename(from, path, page.limits());
      for (const [old, moved] of moves) editor.rename(old, moved);
      page.renamed?.(moves);
      page.showOpen(editor.path);
      page.runNow();
      return to;
    },

    /** Delete a file, or a folder after asking when it holds anything. Resolves whether it was deleted. */
    async remove(path) {
      const workspace = page.workspace();
      const files = workspace.filesUnder(path);
      if (!workspace.isFile(path) && workspace.hasContent(path)) {
        const what = files.length === 0 ? 'the folders' : files.length === 1 ? 'the file' : `the ${files.length} files`;
        if (!(await confirmAction(`Delete the folder ${path} and ${what} in it?`, 'Delete'))) return false;
      }
      if (files.includes(editor.path)) page.openFile(SNIPPET);
      workspace.remove(path);
      for (const file of files) editor.drop(file);
      page.removed?.(files);
      page.filesPane().render();
      page.runNow();
      return true;
    },

    /** What an opened folder adds to: a module joins the environment (replacing one of its name), anything else replaces it. */
    budget(kind, prefix) {
      if (kind !== 'module') return { files: 0, bytes: 0 };
      let files = 0;
      let bytes = 0;
      for (const [path, text] of page.workspace().files) {
        if (path.startsWith(prefix)) continue;
        files += 1;
        bytes += byteLength(text);
      }
      return { files, bytes };
    },

    /** Take in an opened folder's plan (folder.js). */
    apply(plan) {
      const paths = Object.keys(plan.files).sort();
      if (plan.kind !== 'module') {
        // The environment's manifests/ is the main manifest: snippet.pp is emptied (unless the folder has one).
        const first = paths.find((p) => /^manifests\/.*\.pp$/.test(p)) ?? paths.find(isPuppet) ?? SNIPPET;
        page.loadEnvironment({ snippet: plan.snippet ?? '', files: plan.files, folders: plan.folders }, { open: first, name: plan.name });
        return;
      }
      // A module goes under modules/<name>/, beside what the environment already has. Tried on a copy first:
      // a module refused on any of its paths changes nothing.
      const workspace = page.workspace();
      const folder = plan.prefix.slice(0, -1);
      const addModule = (target) => {
        const removed = target.exists(folder) ? target.remove(folder) : [];
        for (const path of paths) target.addFile(path, plan.files[path], page.limits());
        for (const path of plan.folders) if (!target.exists(path)) target.addFolder(path, page.limits());
        return removed;
      };
      addModule(workspace.clone());
      if (workspace.filesUnder(folder).includes(editor.path)) page.openFile(SNIPPET);
      for (const file of addModule(workspace)) editor.drop(file);
      page.named(plan.moduleName);
      // snippet.pp includes it (one undoable change), so that its catalog shows at once.
      const init = `${plan.prefix}manifests/init.pp`;
      page.openFile(SNIPPET);
      if (workspace.isFile(init)) editor.replace(`include ${plan.moduleName}\n`);
      page.filesPane().expand(folder);
      page.openFile(workspace.isFile(init) ? init : (paths.find(isPuppet) ?? SNIPPET));
      page.runNow();
    },
  };
}
