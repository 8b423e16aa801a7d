// The Problems pane: every diagnostic with line:column; activating one moves the editor's cursor there.
import { activatable } from './items.js';

export function showProblems(element, diagnostics, onSelect) {
  element.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `problem ${d.severity}`;
      item.textContent = `${d.line}:${d.column} ${d.severity}: ${d.message}`;
      return activatable(item, () => onSelect(d));
    }),
  );
}
