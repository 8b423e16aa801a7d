// The Facts pane: the node the code compiles for, its certname and its facts (JSON), checked; the last good ones stay in use.
import { checkCertname, DEFAULT_FACTS_TEXT, nodeFacts, readFacts } from './facts.js';
import { setupPresetPicker } from './facts-preset-picker.js';

/**
 * `elements`: { facts, factsStatus, factsMark, factsPreset, factsPresetNote, factsAdded, factsAddedList, certname,
 * certnameStatus }.
 * `settings` (its `facts` and `certname` are updated as they change); `changed()` is called after each good change,
 * `edited()` on every keystroke (debounced by the caller).
 * Returns { engineFacts() → the facts as the engine takes them, certname(), show(settings) }.
 */
export function setupNodePane(elements, settings, { changed, edited }) {
  const { facts: factsInput, certname: certnameInput } = elements;
  let facts = readFacts(settings.facts);
  if (facts.error) facts = readFacts(DEFAULT_FACTS_TEXT);
  let factsText = facts.text;
  const picker = setupPresetPicker(
    {
      select: elements.factsPreset,
      note: elements.factsPresetNote,
      added: elements.factsAdded,
      addedList: elements.factsAddedList,
    },
    { choose: (text) => setFacts(text) },
  );

  function showFactsState(text) {
    const read = readFacts(text);
    const custom = text !== DEFAULT_FACTS_TEXT;
    const name = picker.show(text);
    elements.factsStatus.textContent = read.error
      ? `These facts are not used: ${read.error}.`
      : `${name}: ${Object.keys(read.value).length} top-level facts.`;
    elements.factsStatus.dataset.kind = read.error ? 'error' : 'ok';
    elements.factsMark.textContent = read.error ? ' (!)' : custom ? ' *' : '';
    return read;
  }

  function showCertnameState(name) {
    const problem = checkCertname(name);
    elements.certnameStatus.textContent = problem ? `This name is not used: ${problem}.` : '';
    elements.certnameStatus.dataset.kind = problem ? 'error' : 'ok';
    certnameInput.setAttribute('aria-invalid', String(Boolean(problem)));
    return problem;
  }

  function factsChanged() {
    const read = showFactsState(factsInput.value);
    if (read.error) return;
    settings.facts = factsInput.value;
    factsText = read.text;
    changed();
  }

  function certnameChanged() {
    const name = certnameInput.value.trim();
    if (showCertnameState(name)) return;
    settings.certname = name;
    changed();
  }

  factsInput.addEventListener('input', () => edited(factsChanged));
  certnameInput.addEventListener('input', () => edited(certnameChanged));
  const setFacts = (text) => {
    factsInput.value = text;
    factsChanged();
  };

  function show(next) {
    factsInput.value = next.facts;
    const read = showFactsState(next.facts);
    if (!read.error) factsText = read.text;
    certnameInput.value = next.certname;
    showCertnameState(next.certname);
  }
  show(settings);

  return {
    engineFacts: () => nodeFacts(factsText, settings.certname),
    certname: () => settings.certname,
    show,
  };
}
