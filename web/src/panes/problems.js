// The Problems pane: every diagnostic of every file with file:line:column and its notes, each a button in a list item; activating one opens that file there.

/**
 * `diagnostics` carry `file` and `notes` ([{ message }]); a problem in snippet.pp is shown without its file
 * name unless `nameSnippet` (when the environment has other files).
 */
export function showProblems(element, diagnostics, onSelect, { nameSnippet = false, snippet = 'snippet.pp' } = {}) {
  element.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `problem ${d.severity}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'problem-button';
      const message = document.createElement('span');
      message.className = 'problem-message';
      const file = d.file && (d.file !== snippet || nameSnippet) ? `${d.file}:` : '';
      message.textContent = `${file}${d.line}:${d.column} ${d.severity}: ${d.message}`; // text only
      button.append(message);
      for (const note of d.notes ?? []) {
        const line = document.createElement('span');
        line.className = 'problem-note';
        line.textContent = `note: ${note.message}`;
        button.append(line);
      }
      button.addEventListener('click', () => onSelect(d));
      item.append(button);
      return item;
    }),
  );
}
