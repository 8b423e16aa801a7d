// The Lookup pane: a Hiera key's value, type and `puppet lookup --explain` trace, and the program's own lookups, each a button that goes to its call.
import { lazyPane } from '../lazy-pane.js';

/** How a recorded lookup's kind reads in the list. */
const KIND_LABEL = {
  automatic: 'class parameter',
  lookup: 'lookup()',
  hiera: 'hiera()',
  hiera_array: 'hiera_array()',
  hiera_hash: 'hiera_hash()',
  hiera_include: 'hiera_include()',
};

/**
 * `elements`: { panel, form, key, merge, valueList, value, type, error, found, explanation, calls, callsNote, count }.
 * `ask(query)` sends `{ key, merge }` to the engine (the answer comes back through `showAnswer`);
 * `goTo(call)` selects a recorded call in the editor.
 * Returns { showAnswer(answer), showCalls(calls, total), lookUp(key) }.
 */
/** The trace's last "Found key: …" line, unindented, or null. */
function foundLine(explanation) {
  const lines = (explanation ?? '').split('\n').filter((line) => /^\s*Found key: /.test(line));
  return lines.length ? lines[lines.length - 1].trim() : null;
}

export function setupLookupPane(elements, { ask, goTo }) {
  const submit = () => {
    const key = elements.key.value.trim();
    if (key === '') {
      showProblem('Type a key to look up, such as app::port.');
      return;
    }
    const query = { key, explain: true };
    if (elements.merge.value) query.merge = elements.merge.value;
    elements.form.dataset.pending = 'true';
    ask(query);
  };
  elements.form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });

  function showProblem(text) {
    elements.valueList.hidden = true;
    elements.explanation.hidden = true;
    elements.error.hidden = false;
    elements.error.textContent = text;
  }

  /** The engine's answer: `{ found, value, type, explanation, failure, error }`. */
  function showAnswer(answer) {
    delete elements.form.dataset.pending;
    const { found, value, type, explanation, failure, error } = answer;
    elements.valueList.hidden = !found;
    elements.value.textContent = found ? value : '';
    elements.type.textContent = found ? type : '';
    const problem = error
      ? `${error.file}:${error.line}:${error.column} ${error.message}`
      : found
        ? null
        : (failure ?? 'No value found.');
    elements.error.hidden = problem === null;
    elements.error.textContent = problem ?? '';
    elements.explanation.hidden = !explanation;
    elements.explanation.textContent = explanation ?? ''; // text only
    // The trace ends with what was found: that line goes first, above the trace (which keeps its indentation).
    elements.found.textContent = found ? (foundLine(explanation) ?? '') : '';
  }

  /** The program's lookups as buttons, made while the pane is shown. */
  const callRows = lazyPane(elements.panel, (calls) =>
    elements.calls.replaceChildren(
      ...calls.map((call) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'catalog-resource lookup-call';
        const outcome = call.value === null ? 'not found' : `= ${call.value}`;
        button.textContent = `${call.key} (${KIND_LABEL[call.kind] ?? call.kind}, ${call.file}:${call.line}) ${outcome}`;
        button.title = `Go to the call and explain ${call.key}`;
        button.dataset.key = call.key;
        button.addEventListener('click', () => {
          goTo(call);
          lookUp(call.key);
        });
        item.append(button);
        return item;
      }),
    ),
  );

  /** The lookups of the last run (`calls` with places mapped: { kind, key, value (null: not found), file, line, from, to }). */
  function showCalls(calls, total) {
    callRows.update(calls);
    const omitted = total - calls.length;
    elements.callsNote.textContent =
      total === 0
        ? 'The program made no lookup.'
        : omitted > 0
          ? `… ${omitted} more lookup${omitted === 1 ? '' : 's'} not shown`
          : '';
    elements.count.textContent = total ? ` (${total})` : '';
  }

  /** Fill the key in and look it up (the merge strategy stays as chosen). */
  function lookUp(key) {
    elements.key.value = key;
    submit();
  }

  return { showAnswer, showCalls, lookUp };
}
