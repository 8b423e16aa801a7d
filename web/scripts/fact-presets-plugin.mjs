// The Vite plugin behind `virtual:fact-presets`: from facts/presets/index.json, only what the Facts pane's picker
// shows before a preset is chosen (each preset's name, label, source, Facter version, how many of its facts are not
// Facter's, and its text's length and fingerprint), so that the first load carries neither the index nor the facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textFingerprint } from '../src/text-fingerprint.js';

const MODULE = 'virtual:fact-presets';
const RESOLVED = `\0${MODULE}`;

/**
 * Where a preset's facts come from, in a few words: "facterdb 1.12.1 (facts/4.2/redhat-9-x86_64.facts)", or the
 * command run on a machine, "facter --json on a Debian 12 machine". `package` is "name (where)".
 */
function sourceOf({ file, command, package: from, version }) {
  const [, name, where] = /^(.*?)(?: \((.*)\))?$/.exec(from);
  if (file) return `${name} ${version} (${file.slice(file.lastIndexOf('/facts/') + 1)})`;
  return `${command} on a ${where} machine`;
}

/** The picker's entry for one preset of index.json; `dir` holds its facts file (read for its text's fingerprint). */
function entryOf(preset, dir) {
  const text = readFileSync(join(dir, `${preset.name}.json`), 'utf8').replace(/\n$/, '');
  // `added` names the module (and its lib/facter/ file) or the agent part that adds each fact.
  const origins = Object.values(preset.added);
  const agentFacts = origins.filter((origin) => origin.startsWith('openvox-agent')).length;
  return {
    name: preset.name,
    label: preset.label,
    source: sourceOf(preset.source),
    facterVersion: preset.source.facterversion ?? preset.source.version,
    normalised: preset.normalised.length > 0,
    pluginFacts: origins.length - agentFacts,
    agentFacts,
    length: text.length,
    fingerprint: textFingerprint(text),
  };
}

/** The plugin; `dir` is facts/presets. */
export function factPresets(dir) {
  const index = join(dir, 'index.json');
  return {
    name: 'fact-presets',
    resolveId: (id) => (id === MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(index);
      const { presets } = JSON.parse(readFileSync(index, 'utf8'));
      for (const preset of presets) this.addWatchFile(join(dir, `${preset.name}.json`));
      const entries = presets.map((preset) => entryOf(preset, dir));
      return `export const FACT_PRESETS = ${JSON.stringify(entries)};\n`;
    },
  };
}
