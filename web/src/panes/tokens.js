// The Tokens pane: the core lexer's tokens with position, kind (styled by kind, with a fallback) and text.
import { lineColumns } from '../offsets.js';
import { tokenCount, unpackTokens } from '../packed-tokens.js';
import { rangeButton } from './ranges.js';

/** Kind names the page knows how to colour; new kinds from a growing lexer fall back to a plain style. */
const KIND_CLASS = {
  integer: 'number', float: 'number', number: 'number',
  string: 'string', dq_string: 'string', sq_string: 'string', heredoc: 'string', regex: 'string',
  variable: 'variable', name: 'name', type: 'type', keyword: 'keyword', comment: 'comment', error: 'invalid',
  plus: 'operator', minus: 'operator', times: 'operator', divide: 'operator', modulo: 'operator',
  lparen: 'punctuation', rparen: 'punctuation',
};

export function kindClass(kind) {
  if (KIND_CLASS[kind]) return KIND_CLASS[kind];
  if (/^(l|r)(paren|brack|bracket|brace)$|comma|semi|colon/.test(kind)) return 'punctuation';
  if (/^kw_|keyword/.test(kind)) return 'keyword';
  return 'other';
}

const MAX_SHOWN = 5000;

/** Show `packed` (the tokens as packed-tokens.js packs them) of `source`; `onSelect(start, end)` selects one's text. */
export function showTokens(element, packed, source, onSelect) {
  const fragment = document.createDocumentFragment();
  const lineColumn = lineColumns(source);
  const total = tokenCount(packed);
  for (const token of unpackTokens(packed, MAX_SHOWN)) {
    const row = document.createElement('div');
    row.className = 'token-row';
    const { line, column } = lineColumn(token.start);
    const kind = document.createElement('span');
    kind.className = `token-kind kind-${kindClass(token.kind)}`;
    kind.textContent = token.kind;
    const text = document.createElement('span');
    text.className = 'token-text';
    text.textContent = JSON.stringify(source.slice(token.start, token.end));
    row.append(
      rangeButton(`${line}:${column}`, `select ${token.kind} at ${token.start}..${token.end}`, () =>
        onSelect(token.start, token.end),
      ),
      ' ',
      kind,
      ' ',
      text,
    );
    fragment.append(row);
  }
  if (total > MAX_SHOWN) fragment.append(`… ${total - MAX_SHOWN} more tokens`);
  element.replaceChildren(fragment);
}
