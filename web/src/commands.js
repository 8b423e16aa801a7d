// The page's actions as data: the command palette lists and runs them, the Help dialog lists their shortcuts, and the page-wide shortcuts they declare are bound from the same list.
import { PANES } from './panes/registry.js';

const isMac = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');
/** A shortcut as people read it on this machine: "Mod" is Ctrl, or Cmd on a Mac. */
const shown = (keys) => keys.replaceAll('Mod', isMac ? 'Cmd' : 'Ctrl');

/**
 * Keys that work in their own place (the editor, the Files tree, the tabs) and are not commands of the palette:
 * Help lists them after the commands.
 */
export const OTHER_KEYS = Object.freeze([
  { title: 'find (and replace, in the find panel), find next', keys: ['Ctrl+F', 'F3'] },
  { title: 'go to a line', keys: ['Ctrl+Alt+G'] },
  { title: 'go to the definition of the name at the cursor', keys: ['F12', 'Ctrl+click'] },
  { title: 'list every place that names it (Enter opens one, Escape closes the list)', keys: ['Shift+F12'] },
  { title: 'undo, redo (each file keeps its own history)', keys: ['Ctrl+Z', 'Ctrl+Y', 'Ctrl+Shift+Z'] },
  { title: 'Tab indents once you have typed in the editor; before that it moves to the next control', keys: ['Tab', 'Shift+Tab'] },
  { title: 'leave the editor (Shift+Tab goes back)', keys: ['Escape then Tab'] },
  { title: 'switch Tab between indenting and moving the focus', keys: ['Ctrl+M', 'Shift+Alt+M'] },
  { title: 'move the line up or down', keys: ['Alt+↑', 'Alt+↓'] },
  { title: 'indent, unindent the selected lines', keys: ['Ctrl+]', 'Ctrl+['] },
  { title: 'Files: move, open, rename, delete', keys: ['↑ ↓ ← →', 'Enter', 'F2', 'Delete'] },
  { title: 'Panes: from tab to tab', keys: ['← →', 'Home', 'End'] },
]);

/**
 * The commands for `page`: { run(), stop(), canStop(), share(), downloadZip(), openFolder(), openZip(), newFile(),
 * format(), canFormat(), fixAll(), toggleFiles(), toggleTheme(), help(), showPane(id), showDeveloper(), focusEditor() }.
 * Each command: { id, title, keys (as shown), bind (page-wide shortcuts, as palette.js names a key event), run(),
 * enabled() }.
 */
export function pageCommands(page) {
  const commands = [
    { id: 'run', title: 'Run now', keys: ['Mod+Enter'], run: page.run },
    { id: 'stop', title: 'Stop the running program', run: page.stop, enabled: page.canStop },
    { id: 'format', title: "Format: preview puppet-lint's fixes, then apply them", keys: ['Shift+Alt+F'], bind: ['Shift-Alt-f'], run: page.format, enabled: page.canFormat },
    { id: 'fix-all', title: "Fix all: apply puppet-lint's fixes to the open file (one undo)", run: page.fixAll, enabled: page.canFormat },
    { id: 'share', title: 'Share: copy a link to this code, the open file and pane', run: page.share },
    { id: 'download-zip', title: 'Download the environment as a .zip', run: page.downloadZip },
    { id: 'open-folder', title: 'Open a folder (a module or an environment)', run: page.openFolder },
    { id: 'open-zip', title: 'Open a .zip', run: page.openZip },
    { id: 'new-file', title: 'New file in the Files pane', run: page.newFile },
    { id: 'toggle-files', title: 'Show or hide the Files pane', keys: ['Mod+B'], bind: ['Mod-b'], run: page.toggleFiles },
    { id: 'focus-editor', title: 'Go to the editor', run: page.focusEditor },
    ...PANES.map((pane) => ({ id: `pane-${pane.id}`, title: `Show the ${pane.title} pane`, run: () => page.showPane(pane.id) })),
    { id: 'theme', title: 'Switch between the light and dark themes', run: page.toggleTheme },
    { id: 'help', title: 'Help: shortcuts, panes, the documentation at the cursor', run: page.help },
  ];
  return commands.map((command) => ({ ...command, keys: command.keys?.map(shown) }));
}

/** The rows of Help's shortcut list: the commands that have a shortcut, then the keys of their own places. */
export function shortcutRows(commands) {
  const palette = { title: 'the command palette: every action, with its shortcut', keys: [shown('Mod+Shift+P'), 'F1'] };
  return [palette, ...commands.filter((c) => c.keys?.length).map(({ title, keys }) => ({ title, keys })), ...OTHER_KEYS];
}
