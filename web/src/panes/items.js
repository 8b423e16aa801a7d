// What the list panes share: an item that acts as a button (click, Enter or Space), and the note for
// items left out of a capped list.

/** Makes `item` a keyboard-reachable button that runs `activate()` on click, Enter or Space. */
export function activatable(item, activate) {
  item.tabIndex = 0;
  item.setAttribute('role', 'button');
  item.addEventListener('click', activate);
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate();
    }
  });
  return item;
}

/** `… 3 more lines not shown`, or null when nothing was left out. */
export function omittedNote(omitted, noun) {
  if (omitted <= 0) return null;
  const note = document.createElement('div');
  note.className = 'log log-omitted';
  note.textContent = `… ${omitted} more ${noun}${omitted === 1 ? '' : 's'} not shown`;
  return note;
}
