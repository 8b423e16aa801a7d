// What changed between two catalogs as the engine hands them to the page (each entry `{ reference, text }`, its text
// as a manifest declares it): resources and classes added and removed, and each changed one's attributes, old and new,
// as `puppet-eval diff` and octocatalog-diff compare them (by reference; attributes as values, in any order).

/**
 * The attributes of an entry's text, `name => value` each, in order. The engine prints one attribute a line, two
 * spaces in, its value in Puppet's `%p` form on that line (strings escaped), between `type { 'title':` and `}`.
 */
export function attributesOf(text) {
  const attributes = new Map();
  for (const line of text.split('\n').slice(1)) {
    const match = /^ {2}([a-z_]\w*) +=> (.*?),?$/.exec(line);
    if (match) attributes.set(match[1], match[2]);
  }
  return attributes;
}

/**
 * The difference from `before` to `after` (arrays of `{ reference, text, ... }`): `{ added, removed, changed }`,
 * `added` and `changed` with the entry of `after` (its place, to link to), `changed` with its attributes'
 * `{ name, before, after }` (undefined where one side does not set it), each list in `after`'s (or `before`'s) order.
 */
export function diffCatalogs(before, after) {
  const old = new Map(before.map((entry) => [entry.reference, entry]));
  const now = new Map(after.map((entry) => [entry.reference, entry]));
  const added = after.filter((entry) => !old.has(entry.reference));
  const removed = before.filter((entry) => !now.has(entry.reference));
  const changed = [];
  for (const entry of after) {
    const was = old.get(entry.reference);
    if (!was || was.text === entry.text) continue;
    const a = attributesOf(was.text);
    const b = attributesOf(entry.text);
    const attributes = [];
    for (const [name, value] of b) if (a.get(name) !== value) attributes.push({ name, before: a.get(name), after: value });
    for (const [name, value] of a) if (!b.has(name)) attributes.push({ name, before: value, after: undefined });
    if (attributes.length) changed.push({ entry, attributes });
  }
  return { added, removed, changed };
}

/** Whether a difference holds nothing. */
export const isEmptyDiff = (diff) => !diff.added.length && !diff.removed.length && !diff.changed.length;
