// The Output pane: log lines with their levels, rendered in one batch and capped so a chatty program cannot flood the page.
import { omittedNote } from './items.js';

const MAX_SHOWN = 2000;

export function showOutput(element, logs, total = logs.length) {
  const fragment = document.createDocumentFragment();
  for (const log of logs.slice(0, MAX_SHOWN)) {
    const line = document.createElement('div');
    line.className = `log log-${log.level}`;
    const level = document.createElement('span');
    level.className = 'log-level';
    level.textContent = `${log.level}: `;
    line.append(level, log.message); // text only
    fragment.append(line);
  }
  const note = omittedNote(total - Math.min(logs.length, MAX_SHOWN), 'line');
  if (note) fragment.append(note);
  element.replaceChildren(fragment);
}
