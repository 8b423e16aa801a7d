// The command palette (Ctrl/Cmd+Shift+P, F1): every action of the page with its shortcut, filtered as you type; Enter or a click runs one. Also binds the page-wide shortcuts the commands declare.

const isMac = /Mac|iPhone|iPad/.test(navigator.platform ?? '');

/** A key event as a shortcut's name: "Mod-Shift-p", "F1", "Shift-Alt-f" (Mod: Ctrl, or Cmd on a Mac). */
function keyName(event) {
  const parts = [];
  if (isMac ? event.metaKey : event.ctrlKey) parts.push('Mod');
  if (event.shiftKey) parts.push('Shift');
  if (event.altKey) parts.push('Alt');
  // event.code: Shift+Alt+F gives "Ï" as its key on a Mac.
  const key = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : event.key;
  parts.push(key);
  return parts.join('-');
}

/** Whether every word of `query` is in `text` (case-insensitive). */
const matches = (text, query) => query.toLowerCase().split(/\s+/).filter(Boolean).every((word) => text.toLowerCase().includes(word));

/**
 * `elements`: { dialog, input, list, button }. `commands()` gives the commands now: { id, title, keys (shortcuts as
 * shown), bind (page-wide shortcuts, as keyName gives them), run(), enabled() }. Returns { open() }.
 */
export function setupPalette({ dialog, input, list, button }, commands) {
  let shown = [];
  let active = 0;
  let returnTo = null;

  function render() {
    const query = input.value.trim();
    shown = commands().filter((c) => matches(`${c.title} ${c.keys?.join(' ') ?? ''}`, query));
    active = Math.min(active, Math.max(shown.length - 1, 0));
    list.replaceChildren(
      ...shown.map((command, index) => {
        const option = document.createElement('li');
        option.id = `palette-${command.id}`;
        option.setAttribute('role', 'option');
        option.dataset.command = command.id;
        option.setAttribute('aria-selected', String(index === active));
        const enabled = command.enabled?.() ?? true;
        if (!enabled) option.setAttribute('aria-disabled', 'true');
        const title = document.createElement('span');
        title.textContent = command.title;
        option.append(title);
        if (command.keys?.length) {
          const keys = document.createElement('span');
          keys.className = 'palette-keys';
          keys.textContent = command.keys.join(', ');
          option.append(keys);
        }
        option.addEventListener('click', () => runAt(index));
        return option;
      }),
    );
    if (!shown.length) {
      const none = document.createElement('li');
      none.className = 'palette-empty';
      none.setAttribute('role', 'presentation');
      none.textContent = 'No command has these words.';
      list.append(none);
    }
    const current = shown[active];
    if (current) input.setAttribute('aria-activedescendant', `palette-${current.id}`);
    else input.removeAttribute('aria-activedescendant');
    list.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  function runAt(index) {
    const command = shown[index];
    if (!command || command.enabled?.() === false) return;
    returnTo = null; // the command decides where the focus goes
    dialog.close();
    command.run();
  }

  function open() {
    if (dialog.open) return;
    returnTo = document.activeElement;
    input.value = '';
    active = 0;
    render();
    dialog.showModal();
    input.focus();
  }

  input.addEventListener('input', () => {
    active = 0;
    render();
  });
  input.addEventListener('keydown', (event) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 }[event.key];
    if (step && shown.length) {
      event.preventDefault();
      active = Math.min(Math.max(active + step, 0), shown.length - 1);
      render();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      runAt(active);
    }
  });
  dialog.addEventListener('close', () => {
    // Escape or a click outside: back where the user was. (In the editor that is its content element, whose focus() gives the editor the focus.)
    if (returnTo?.isConnected) returnTo.focus();
    returnTo = null;
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close(); // the backdrop
  });
  button?.addEventListener('click', open);

  // Page-wide shortcuts: the palette's own, and those the commands bind (capture: before the editor's keymap).
  addEventListener(
    'keydown',
    (event) => {
      const name = keyName(event);
      if (name === 'Mod-Shift-p' || name === 'F1') {
        event.preventDefault();
        event.stopPropagation();
        if (dialog.open) dialog.close();
        else open();
        return;
      }
      if (dialog.open || document.querySelector('dialog[open]')) return;
      const command = commands().find((c) => c.bind?.includes(name));
      if (command && command.enabled?.() !== false) {
        event.preventDefault();
        event.stopPropagation();
        command.run();
      }
    },
    true,
  );
  return { open };
}
