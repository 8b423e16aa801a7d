// The fact presets (facts/presets/): the systems the Facts pane offers, which one a facts text is, and each one's
// facts and origins, fetched only when wanted. The list is built from facts/presets/index.json (virtual:fact-presets,
// web/scripts/fact-presets-plugin.mjs); the files are assets Vite emits, out of the first load.
import { FACT_PRESETS } from 'virtual:fact-presets';
import INDEX_URL from '../../facts/presets/index.json?url';
import { PUPPET_VERSION } from './facts.js';
import { textFingerprint } from './text-fingerprint.js';

export { FACT_PRESETS };

/** Each preset's facts file, by its path (index.json is no preset). */
const FILE_URLS = import.meta.glob(['../../facts/presets/*.json', '!../../facts/presets/index.json'], {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The preset whose text `text` is (as the pane shows it: the file without its last newline), or null. */
export function presetOfText(text) {
  const fingerprint = textFingerprint(text);
  return FACT_PRESETS.find((preset) => preset.length === text.length && preset.fingerprint === fingerprint) ?? null;
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** The preset's facts as the pane shows them: its file's text (pretty-printed JSON), without the last newline. */
export async function presetFactsText(preset) {
  const url = FILE_URLS[`../../facts/presets/${preset.name}.json`];
  return (await fetchText(url)).replace(/\n$/, '');
}

/** Where the preset's facts come from, and how many are not Facter's. */
export function presetOrigin(preset) {
  const added = preset.pluginFacts + preset.agentFacts;
  return (
    `Facter ${preset.facterVersion} output from ${preset.source}${preset.normalised ? ', normalised' : ''}, ` +
    `as an OpenVox ${PUPPET_VERSION} agent sends it. ${added} of its facts are not Facter's: ` +
    `${preset.pluginFacts} come from modules' fact plugins, ${preset.agentFacts} from the agent.`
  );
}

let index = null;

/** The facts the preset adds to Facter's, `[[fact, where it comes from], ...]` (from index.json, fetched once). */
export async function presetAddedFacts(preset) {
  if (!index) {
    index = fetchText(INDEX_URL).then(JSON.parse);
    index.catch(() => {
      index = null; // fetched again next time
    });
  }
  const entry = (await index).presets.find((each) => each.name === preset.name);
  return Object.entries(entry?.added ?? {});
}
