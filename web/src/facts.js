// The node's facts: the Facts pane's JSON (what `puppet facts show` prints), checked here and handed to the
// engine as JSON text, which it reads as Puppet does (JavaScript's numbers would round integers above 2^53).
// The default set is the one the conformance goldens use.
import DEFAULT_FACTS from '../../tests/conformance/facts.json' with { type: 'json' };

/** The default facts as the pane shows them. */
export const DEFAULT_FACTS_TEXT = JSON.stringify(DEFAULT_FACTS, null, 2);

/** Deepest nesting of arrays and objects the engine reads, as Ruby's JSON parser (Puppet's) does. */
export const MAX_FACTS_NESTING = 100;

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
 * The facts as the engine gets them, JSON text: the pane's facts (`text`, a checked JSON object) plus what
 * `puppet apply` adds to every node's facts (`clientcert`, `clientversion`, `clientnoop`:
 * Puppet::Node::Facts#add_local_facts), written after them. A fact of the same name keeps its place and takes
 * the added value, as a Ruby hash (and the engine's JSON reader, like Ruby's) keeps the first place and the
 * last value of a key.
 */
export function nodeFacts(text, certname) {
  const local = JSON.stringify({ clientcert: certname, clientversion: PUPPET_VERSION, clientnoop: false });
  const body = text.trim().slice(1, -1).trim();
  return body === '' ? local : `{${body}, ${local.slice(1)}`;
}

/** How deeply `value` nests arrays and objects (1 for a flat object), counted without recursion. */
function nesting(value) {
  let deepest = 0;
  const pending = [[value, 1]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const item of Object.values(next)) pending.push([item, depth + 1]);
  }
  return deepest;
}

/** `{ value, text }` for facts text that is a JSON object, else `{ error }` saying why not. */
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
  const depth = nesting(value);
  if (depth > MAX_FACTS_NESTING) {
    return { error: `nested ${depth} levels deep, more than the ${MAX_FACTS_NESTING} Puppet reads` };
  }
  return { value, text };
}
