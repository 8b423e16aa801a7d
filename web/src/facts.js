// The node's facts: the Facts pane's JSON (what `puppet facts show` prints), checked and written as the
// Puppet hash literal the engine takes. The default set is the one the conformance goldens use.
import DEFAULT_FACTS from '../../tests/conformance/facts.json' with { type: 'json' };

/** The default facts as the pane shows them. */
export const DEFAULT_FACTS_TEXT = JSON.stringify(DEFAULT_FACTS, null, 2);

/** `'text'` with `\` and `'` escaped: a single-quoted Puppet string. */
const quote = (text) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** A JSON value in Puppet syntax: strings single-quoted, null as undef, objects as hashes. */
export function toPuppet(value) {
  if (value === null) return 'undef';
  if (Array.isArray(value)) return `[${value.map(toPuppet).join(', ')}]`;
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      // JSON has no infinities or NaN; an integral number keeps no fraction (Puppet's Integer).
      return Number.isInteger(value) && !Number.isSafeInteger(value) ? value.toExponential() : String(value);
    case 'boolean':
      return String(value);
    default:
      return `{${Object.entries(value).map(([k, v]) => `${quote(k)} => ${toPuppet(v)}`).join(', ')}}`;
  }
}

/** The name of the node the facts describe (its fqdn, as Puppet's certname defaults to), or 'playground'. */
function certnameOf(value) {
  const fqdn = value.fqdn ?? value.networking?.fqdn;
  return typeof fqdn === 'string' && fqdn !== '' ? fqdn : 'playground';
}

/** `{ puppet, certname }` for facts text that is a JSON object, else `{ error }` saying why not. */
export function readFacts(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON: ${error.message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'the facts must be a JSON object ({"os": {...}, ...})' };
  }
  try {
    return { puppet: toPuppet(value), certname: certnameOf(value) };
  } catch (error) {
    // Nesting deeper than the JavaScript stack allows.
    return { error: `too deeply nested (${error.message})` };
  }
}
