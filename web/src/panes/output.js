// The Output pane: log lines with their levels (and, for a line logged in another file, where), from the lowest level chosen (notice, as puppet apply prints), rendered in one batch and capped.
import { omittedNote } from './items.js';
import { rangeButton } from './ranges.js';

const MAX_SHOWN = 2000;
/** Puppet's log levels, lowest first. */
const ORDER = ['debug', 'info', 'notice', 'warning', 'err', 'alert', 'emerg', 'crit'];
const rank = (level) => Math.max(ORDER.indexOf(level), 0);

/**
 * Show the `logs` at `lowest` and above (`total` counts lines the engine left out); `hidden` says how many
 * lines are below it. `whereOf(log)` may give `{ label, select() }`: a button after the line that opens
 * where it was logged.
 */
export function showOutput(element, hidden, logs, { total = logs.length, lowest = 'notice', whereOf = () => null } = {}) {
  const fragment = document.createDocumentFragment();
  const shown = logs.filter((log) => rank(log.level) >= rank(lowest));
  for (const log of shown.slice(0, MAX_SHOWN)) {
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
  const note = omittedNote(total - logs.length + Math.max(shown.length - MAX_SHOWN, 0), 'line');
  if (note) fragment.append(note);
  element.replaceChildren(fragment);
  const below = logs.length - shown.length;
  const levels = [...new Set(logs.filter((log) => rank(log.level) < rank(lowest)).map((log) => log.level))].sort((a, b) => rank(b) - rank(a));
  hidden.textContent = below ? `${below} ${levels.join(' and ')} line${below > 1 ? 's' : ''} hidden` : '';
}
