// The Outline pane: the open file's symbols as a nested list of buttons (kind and name), a click or Enter going to the symbol's name, the row of the symbol holding the cursor marked aria-current.

/** The short label shown before a symbol's name, by kind. */
const KIND_LABELS = {
  class: 'class',
  define: 'define',
  function: 'func',
  'type alias': 'type',
  node: 'node',
  resource: 'res',
  variable: 'var',
  statement: 'stmt',
  if: 'if',
  unless: 'unless',
  case: 'case',
  branch: 'branch',
};

/**
 * `elements`: { list (the outer <ul>), note, count (the tab's) }. `select(symbol)` goes to a symbol.
 * Returns { show(path, symbols, cursor), clear(text), markAt(pos) }.
 */
export function setupOutlinePane(elements, select) {
  /** Every row shown, in source order: { symbol, button }. */
  let rows = [];

  function row(symbol) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'outline-row';
    button.dataset.kind = symbol.kind;
    const kind = document.createElement('span');
    kind.className = 'outline-kind';
    // Not repeated where the name says it (`if $x`, `node 'web1'`); a case's option or an else needs none.
    const label = KIND_LABELS[symbol.kind] ?? symbol.kind;
    const said = symbol.kind === 'branch' || symbol.name.startsWith(`${label} `);
    kind.textContent = said ? '' : label;
    if (!said) kind.title = symbol.kind;
    const name = document.createElement('span');
    name.className = 'outline-name';
    name.textContent = symbol.name; // text only
    button.append(kind, ' ', name);
    if (symbol.detail) {
      const detail = document.createElement('span');
      detail.className = 'outline-detail';
      detail.textContent = ` ${symbol.detail}`;
      button.append(detail);
    }
    button.addEventListener('click', () => select(symbol));
    item.append(button);
    rows.push({ symbol, button });
    if (symbol.children?.length) {
      const nested = document.createElement('ul');
      nested.append(...symbol.children.map(row));
      item.append(nested);
    }
    return item;
  }

  /** The innermost symbol whose range holds `pos` (the last row holding it: children come after their parent). */
  function holding(pos) {
    let found = null;
    for (const r of rows) if (r.symbol.start <= pos && pos <= r.symbol.end) found = r;
    return found;
  }

  function markAt(pos) {
    const current = pos === null || pos === undefined ? null : holding(pos);
    for (const r of rows) {
      if (r === current) r.button.setAttribute('aria-current', 'true');
      else r.button.removeAttribute('aria-current');
    }
  }

  return {
    markAt,

    /** The outline of `path` (symbols from the engine), the row holding offset `cursor` marked. */
    show(path, symbols, cursor) {
      rows = [];
      elements.list.replaceChildren(...symbols.map(row));
      elements.list.setAttribute('aria-label', `Outline of ${path}`);
      elements.count.textContent = symbols.length ? ` (${rows.length})` : '';
      elements.note.textContent = symbols.length ? `${path}:` : `Nothing to outline in ${path}.`;
      markAt(cursor);
    },

    /** No outline to show: `text` says why. */
    clear(text) {
      rows = [];
      elements.list.replaceChildren();
      elements.count.textContent = '';
      elements.note.textContent = text;
    },
  };
}
