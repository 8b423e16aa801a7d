// What the list panes share: the note for items left out of a capped list.

/** `… 3 more lines not shown`, or null when nothing was left out. */
export function omittedNote(omitted, noun) {
  if (omitted <= 0) return null;
  const note = document.createElement('div');
  note.className = 'log log-omitted';
  note.textContent = `… ${omitted} more ${noun}${omitted === 1 ? '' : 's'} not shown`;
  return note;
}
