// The Problems pane: every diagnostic with line:column; activating one moves the editor's cursor there.
export function showProblems(element, diagnostics, onSelect) {
  element.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `problem ${d.severity}`;
      item.textContent = `${d.line}:${d.column} ${d.severity}: ${d.message}`;
      item.tabIndex = 0;
      item.setAttribute('role', 'button');
      const select = () => onSelect(d);
      item.addEventListener('click', select);
      item.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select();
        }
      });
      return item;
    }),
  );
}
