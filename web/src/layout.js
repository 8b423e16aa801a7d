// The page's layout: the columns resized by their separators, the Files pane shown or hidden by the menu button (on a phone a drawer over the page), the welcome of a first visit.
import { resizable } from './split.js';
import { loadPreference, savePreference } from './storage.js';

const phone = matchMedia('(max-width: 760px)');
const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * `elements`: { main, files, filesSeparator, side, sideSeparator, menu, filesClose, welcome, welcomeClose, focusFiles() }.
 * `firstVisit`: no link and nothing autosaved (the welcome is shown, until dismissed once).
 * Returns { fileOpened(), showFiles(on) }.
 */
export function setupLayout(elements, { firstVisit }) {
  const { main, files, menu } = elements;
  const columns = () => main.getBoundingClientRect().width;
  resizable({
    container: main, separator: elements.filesSeparator, column: files, variable: '--files-width', side: 'start',
    min: 10 * rem(), max: () => columns() * 0.35, name: 'files-width', label: 'Resize the Files pane',
  });
  resizable({
    container: main, separator: elements.sideSeparator, column: elements.side, variable: '--side-width', side: 'end',
    min: 18 * rem(), max: () => columns() - (files.hidden ? 0 : files.getBoundingClientRect().width) - 18 * rem(),
    name: 'side-width', label: 'Resize the results column',
  });

  let returnFocus = null;
  function showFiles(on, { remember = true } = {}) {
    document.body.dataset.files = on ? 'shown' : 'hidden';
    menu.setAttribute('aria-expanded', String(on));
    menu.title = on ? 'Hide the Files pane' : 'Show the Files pane';
    if (phone.matches) {
      // The drawer takes the focus while open and gives it back when it closes.
      if (on) {
        returnFocus = document.activeElement;
        elements.focusFiles();
      } else if (returnFocus?.isConnected) {
        returnFocus.focus();
        returnFocus = null;
      }
    } else if (remember) savePreference('files', on ? null : 'hidden');
  }
  const filesShown = () => document.body.dataset.files === 'shown';
  menu.addEventListener('click', () => showFiles(!filesShown()));
  elements.filesClose.addEventListener('click', () => showFiles(false));
  files.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && phone.matches && filesShown()) showFiles(false);
  });
  const initial = () => showFiles(!phone.matches && loadPreference('files') !== 'hidden', { remember: false });
  initial();
  phone.addEventListener('change', initial);

  if (firstVisit && loadPreference('welcome') !== 'dismissed') elements.welcome.hidden = false;
  elements.welcomeClose.addEventListener('click', () => {
    elements.welcome.hidden = true;
    savePreference('welcome', 'dismissed');
  });

  return {
    showFiles,
    /** A file was opened (from the Files pane): on a phone the drawer closes so the editor shows it. */
    fileOpened() {
      if (phone.matches && filesShown()) {
        returnFocus = null;
        showFiles(false);
      }
    },
  };
}
