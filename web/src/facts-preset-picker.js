// The Facts pane's system picker: the default facts, a fact preset or no facts, put in the pane when chosen; it shows
// which of them the pane's facts are ("Your own facts" once edited) and, for a preset, where its facts come from.
import { DEFAULT_FACTS_TEXT } from './facts.js';
import { FACT_PRESETS, presetAddedFacts, presetFactsText, presetOfText, presetOrigin } from './fact-presets.js';

const DEFAULT = 'default';
const NONE = 'none';
const CUSTOM = 'custom';
const NO_FACTS_TEXT = '{}';

function option(value, label) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

/** A line of the list of facts a preset adds to Facter's: the fact, and the module or agent part that adds it. */
function addedFactItem([fact, origin]) {
  const item = document.createElement('li');
  const name = document.createElement('code');
  name.textContent = fact;
  item.append(name, `: ${origin}`);
  return item;
}

/**
 * `elements`: { select, note, added (a <details>), addedList (its <ul>) }; `choose(text)` puts facts in the pane.
 * Returns { show(text) → what the pane's status line calls these facts }, to be called whenever the facts change.
 */
export function setupPresetPicker({ select, note, added, addedList }, { choose }) {
  const custom = option(CUSTOM, 'Your own facts');
  custom.disabled = true;
  select.append(
    option(DEFAULT, 'Default: Debian 12 (web01.example.com)'),
    ...FACT_PRESETS.map((preset) => option(preset.name, preset.label)),
    option(NONE, 'No facts'),
    custom,
  );

  let shownText = null;
  let shownPreset = null;
  /** Bumped on each choice and each change of the facts: a preset that arrives after either is dropped. */
  let choices = 0;
  /** The preset whose added facts the list holds (or is fetching). */
  let listed = null;

  async function listAddedFacts() {
    const preset = shownPreset;
    if (!added.open || !preset || listed === preset) return;
    listed = preset;
    addedList.replaceChildren();
    try {
      const facts = await presetAddedFacts(preset);
      if (listed === preset) addedList.replaceChildren(...facts.map(addedFactItem));
    } catch (error) {
      if (listed !== preset) return;
      listed = null;
      addedList.replaceChildren(addedFactItem(['index.json', `could not be loaded (${error.message})`]));
    }
  }

  function show(text) {
    choices += 1; // the facts changed otherwise: a preset still on its way is not wanted any more
    shownText = text;
    shownPreset = presetOfText(text);
    const value = text === DEFAULT_FACTS_TEXT ? DEFAULT : text === NO_FACTS_TEXT ? NONE : shownPreset?.name ?? CUSTOM;
    custom.hidden = value !== CUSTOM;
    select.value = value;
    note.textContent = shownPreset ? presetOrigin(shownPreset) : '';
    note.dataset.kind = 'ok';
    added.hidden = !shownPreset;
    listAddedFacts();
    if (value === DEFAULT) return 'The default facts (a Debian 12 node)';
    if (value === NONE) return 'No facts';
    return shownPreset ? `The ${shownPreset.label} facts` : 'Your facts';
  }

  select.addEventListener('change', async () => {
    choices += 1;
    const choice = choices;
    if (select.value === DEFAULT) return choose(DEFAULT_FACTS_TEXT);
    if (select.value === NONE) return choose(NO_FACTS_TEXT);
    const preset = FACT_PRESETS.find((each) => each.name === select.value);
    try {
      const text = await presetFactsText(preset);
      if (choice === choices) choose(text);
    } catch (error) {
      if (choice !== choices) return;
      show(shownText);
      note.textContent = `The ${preset.label} facts could not be loaded (${error.message}).`;
      note.dataset.kind = 'error';
    }
  });
  added.addEventListener('toggle', listAddedFacts);

  return { show };
}
