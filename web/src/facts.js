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

/** The Puppet whose `puppet apply` the page stands for (its `clientversion` fact): OpenVox 8.28.1, the reference. */
export const PUPPET_VERSION = '8.28.1';

/**
 * The node's name when none is given: the one its facts describe (their fqdn, as Puppet's certname
 * defaults to the host's), else `playground`. For the default facts: web01.example.com.
 */
export function certnameFor(factsText) {
  try {
    const value = JSON.parse(factsText);
    const fqdn = value?.fqdn ?? value?.networking?.fqdn;
    return typeof fqdn === 'string' && fqdn !== '' ? fqdn : 'playground';
  } catch {
    return 'playground';
  }
}

/** Why `name` cannot be a certname (Puppet's rule: lower case; and a single word), or null. */
export function checkCertname(name) {
  if (typeof name !== 'string' || name === '') return 'a node needs a name';
  if (name.length > 255) return 'a certname has at most 255 characters';
  if (/[\s\u0000-\u001f\u007f]/.test(name)) return 'a certname cannot hold spaces or control characters';
  if (name !== name.toLowerCase()) return 'Certificate names must be lower case';
  return null;
}

/**
 * The facts as the engine gets them, a Puppet hash literal: the pane's facts plus what `puppet apply` adds
 * to every node's facts (`clientcert`, `clientversion`, `clientnoop`: Puppet::Node::Facts#add_local_facts).
 */
export function nodeFacts(value, certname) {
  return toPuppet({ ...value, clientcert: certname, clientversion: PUPPET_VERSION, clientnoop: false });
}

/** `{ value }` for facts text that is a JSON object, else `{ error }` saying why not. */
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
    toPuppet(value);
    return { value };
  } catch (error) {
    // Nesting deeper than the JavaScript stack allows.
    return { error: `too deeply nested (${error.message})` };
  }
}
