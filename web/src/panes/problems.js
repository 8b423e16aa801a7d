// The Problems pane: every diagnostic of every file with file:line:column; activating one opens that file there.
import { activatable } from './items.js';

/**
 * `diagnostics` carry `file`; a problem in snippet.pp is shown without its file name unless
 * `nameSnippet` (when the environment has other files).
 */
export function showProblems(element, diagnostics, onSelect, { nameSnippet = false, snippet = 'snippet.pp' } = {}) {
  element.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `problem ${d.severity}`;
      const file = d.file && (d.file !== snippet || nameSnippet) ? `${d.file}:` : '';
      item.textContent = `${file}${d.line}:${d.column} ${d.severity}: ${d.message}`;
      return activatable(item, () => onSelect(d));
    }),
  );
}
