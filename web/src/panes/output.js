// The Output pane: log lines with their levels (and, for a line logged in another file, where), rendered in one batch and capped.
import { omittedNote } from './items.js';
import { rangeButton } from './ranges.js';

const MAX_SHOWN = 2000;

/** `whereOf(log)` may give `{ label, select() }`: a button after the line that opens where it was logged. */
export function showOutput(element, logs, total = logs.length, whereOf = () => null) {
  const fragment = document.createDocumentFragment();
  for (const log of logs.slice(0, MAX_SHOWN)) {
    const line = document.createElement('div');
    line.className = `log log-${log.level}`;
    const level = document.createElement('span');
    level.className = 'log-level';
    level.textContent = `${log.level}: `;
    line.append(level, log.message); // text only
    const where = whereOf(log);
    if (where) line.append(' ', rangeButton(where.label, `open ${where.label}`, where.select));
    fragment.append(line);
  }
  const note = omittedNote(total - Math.min(logs.length, MAX_SHOWN), 'line');
  if (note) fragment.append(note);
  element.replaceChildren(fragment);
}
