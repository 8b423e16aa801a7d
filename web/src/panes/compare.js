// The Compare pane: the catalog against the one pinned, as `diffCatalogs` gives it: a summary line, then each
// resource or class added (linked to its declaration), removed, and changed with its attributes' old and new values.
import { isEmptyDiff } from '../catalog-diff.js';

/** The marks of the list's lines, and what each says to a screen reader. */
const MARKS = { added: ['+', 'Added: '], removed: ['-', 'Removed: '], changed: ['~', 'Changed: '] };

/** A line of the list: its mark (`+`, `-`, `~`) and `content`. */
function row(kind, content) {
  const item = document.createElement('li');
  item.className = `compare-${kind}`;
  const mark = document.createElement('span');
  mark.className = 'compare-mark';
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = MARKS[kind][0];
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  spoken.textContent = MARKS[kind][1];
  item.append(mark, spoken, content);
  return item;
}

/** A button that selects the entry's declaration (its text is the entry's reference). */
function linked(entry, onSelect) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'compare-reference';
  button.textContent = entry.reference;
  button.title = `${entry.reference}: select its declaration`;
  button.dataset.reference = entry.reference;
  button.addEventListener('click', () => onSelect(entry));
  return button;
}

const count = (n, word) => `${n} ${word}`;

/** The summary of a difference: "1 added, 2 removed, 3 changed". */
function summary(diff) {
  return [count(diff.added.length, 'added'), count(diff.removed.length, 'removed'), count(diff.changed.length, 'changed')].join(', ');
}

/**
 * Draw `diff` into `element`; `onSelect(entry)` selects a declaration. `note`: why there is no difference to show
 * (nothing pinned, the code does not compile), shown instead.
 */
export function showCompare(element, { diff = null, note = '' }, onSelect) {
  const fragment = document.createDocumentFragment();
  if (note || !diff) {
    const paragraph = document.createElement('p');
    paragraph.className = 'compare-empty';
    paragraph.textContent = note;
    element.replaceChildren(paragraph);
    return;
  }
  const head = document.createElement('p');
  head.className = 'compare-summary';
  head.dataset.testid = 'compare-summary';
  head.textContent = isEmptyDiff(diff) ? 'The catalog is the same as the pinned one.' : `${summary(diff)}.`;
  fragment.append(head);
  const list = document.createElement('ul');
  list.className = 'compare-list';
  for (const entry of diff.added) list.append(row('added', linked(entry, onSelect)));
  for (const entry of diff.removed) list.append(row('removed', entry.reference));
  for (const { entry, attributes } of diff.changed) {
    const item = row('changed', linked(entry, onSelect));
    const changes = document.createElement('ul');
    changes.className = 'compare-attributes';
    for (const { name, before, after } of attributes) {
      const change = document.createElement('li');
      change.dataset.attribute = name;
      change.textContent = `${name}: ${before ?? '(not set)'} → ${after ?? '(not set)'}`;
      changes.append(change);
    }
    item.append(changes);
    list.append(item);
  }
  fragment.append(list);
  element.replaceChildren(fragment);
}
