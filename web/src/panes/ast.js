// The AST pane: the parser's dump, with every start..end byte range a button that selects that source.
import { byteToUtf16 } from '../offsets.js';
import { rangeButton, splitRanges } from './ranges.js';

export function showAst(element, dump, source, onSelect) {
  const toUtf16 = byteToUtf16(source);
  const fragment = document.createDocumentFragment();
  for (const line of dump.split('\n')) {
    for (const part of splitRanges(line)) {
      if (typeof part === 'string') fragment.append(part);
      else {
        const from = toUtf16(part.start);
        const to = toUtf16(part.end);
        fragment.append(rangeButton(part.text, `select bytes ${part.text} of the source`, () => onSelect(from, to)));
      }
    }
    fragment.append('\n');
  }
  element.replaceChildren(fragment);
}
