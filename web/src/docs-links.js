// Which page of the Puppet language documentation explains the code at a position: a function, a resource type, a keyword, a variable, a data type, an operator.

import { PUPPET_FUNCTIONS } from './generated/builtins.js';

const DOCS = 'https://www.puppet.com/docs/puppet/7/';

/** Puppet's built-in functions (each has an entry in the function reference), from the engine's declarations. */
const FUNCTIONS = new Set(PUPPET_FUNCTIONS);

/** Puppet 7's built-in resource types (each has a page under types/). */
const RESOURCE_TYPES = new Set(['exec', 'file', 'filebucket', 'group', 'notify', 'package', 'resources', 'schedule', 'service', 'stage', 'tidy', 'user']);

const KEYWORDS = {
  if: ['lang_conditional.html', 'if statements'],
  elsif: ['lang_conditional.html', 'if statements'],
  else: ['lang_conditional.html', 'conditional statements'],
  unless: ['lang_conditional.html', 'unless statements'],
  case: ['lang_conditional.html', 'case statements'],
  class: ['lang_classes.html', 'classes'],
  inherits: ['lang_classes.html', 'class inheritance'],
  define: ['lang_defined_types.html', 'defined resource types'],
  node: ['lang_node_definitions.html', 'node definitions'],
  function: ['lang_write_functions_in_puppet.html', 'functions written in Puppet'],
  type: ['lang_type_aliases.html', 'type aliases'],
  and: ['lang_expressions.html', 'boolean operators'],
  or: ['lang_expressions.html', 'boolean operators'],
  in: ['lang_expressions.html', 'the in operator'],
  true: ['lang_data_boolean.html', 'Booleans'],
  false: ['lang_data_boolean.html', 'Booleans'],
  undef: ['lang_data_undef.html', 'undef'],
  default: ['lang_data_default.html', 'default'],
};

const DATA_TYPES = {
  Integer: 'lang_data_number.html', Float: 'lang_data_number.html', Numeric: 'lang_data_number.html',
  String: 'lang_data_string.html', Boolean: 'lang_data_boolean.html', Array: 'lang_data_array.html',
  Hash: 'lang_data_hash.html', Regexp: 'lang_data_regexp.html', Undef: 'lang_data_undef.html',
  Default: 'lang_data_default.html', Sensitive: 'lang_data_sensitive.html', Type: 'lang_data_type.html',
  Binary: 'lang_data_binary.html', Timespan: 'lang_data_time.html', Timestamp: 'lang_data_time.html',
  Resource: 'lang_data_resource_type.html', Class: 'lang_data_resource_type.html',
};
const ABSTRACT_TYPES = new Set(['Any', 'Callable', 'CatalogEntry', 'Collection', 'Data', 'Enum', 'Iterable', 'Iterator', 'NotUndef',
  'Optional', 'Pattern', 'Variant', 'Scalar', 'ScalarData', 'RichData', 'Struct', 'Tuple', 'SemVer', 'SemVerRange', 'Init', 'Object', 'URI']);

const page = (file, label) => ({ url: `${DOCS}${file}`, label });
const SUMMARY = page('lang_summary.html', 'the Puppet language');

/** Whether `pos` of `line` is inside a comment or a quoted string: 'comment', 'string' or null. */
function lexicalContext(line, pos) {
  let quote = null;
  for (let i = 0; i < pos; i += 1) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = null;
    } else if (ch === '#') return 'comment';
    else if (ch === "'" || ch === '"') quote = ch;
  }
  return quote ? 'string' : null;
}

/**
 * The documentation for the code at offset `pos` of `text` (a file named `path`): `{ url, label }`, where
 * `label` names what the page explains.
 */
export function docsAt(text, pos, path = 'snippet.pp') {
  const found = docsAtExactly(text, pos, path);
  if (found.url !== SUMMARY.url) return found;
  // Nothing known at the cursor (the end of a line, a space): what the line starts with.
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const first = lineStart + (/^\s*/.exec(text.slice(lineStart))?.[0].length ?? 0);
  return first < pos ? docsAtExactly(text, first, path) : found;
}

function docsAtExactly(text, pos, path) {
  if (/\.epp$/i.test(path)) return page('lang_template_epp.html', 'EPP templates');
  if (!/\.pp$/i.test(path)) return page('lang_summary.html', 'the Puppet language');
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const lineEnd = text.indexOf('\n', pos) < 0 ? text.length : text.indexOf('\n', pos);
  const line = text.slice(lineStart, lineEnd);
  const at = pos - lineStart;
  const context = lexicalContext(line, at);
  if (context === 'comment') return page('lang_comments.html', 'comments');
  // The word (with a leading $ and :: segments) the position is in or just after.
  const isWord = (ch) => ch !== undefined && /[\w:$@]/.test(ch);
  let from = at;
  while (from > 0 && isWord(line[from - 1])) from -= 1;
  let to = at;
  while (to < line.length && isWord(line[to])) to += 1;
  const word = line.slice(from, to).replace(/^@+/, '');
  const after = line.slice(to).trimStart();
  const before = line.slice(0, from).trimEnd();
  if (context === 'string' || /^@\(/.test(line.slice(from))) {
    return page('lang_data_string.html', /@\(/.test(line) ? 'heredocs' : 'strings');
  }
  if (word.startsWith('$')) {
    const name = word.slice(1).replace(/^::/, '');
    if (/^(facts|trusted|server_facts|settings::)/.test(name) || word.startsWith('$::')) {
      return page('lang_facts_and_builtin_vars.html', 'facts and built-in variables');
    }
    if (before.endsWith('|') || /\|\s*$/.test(before)) return page('lang_lambdas.html', 'lambdas');
    return page('lang_variables.html', 'variables');
  }
  if (KEYWORDS[word]) {
    const [file, label] = KEYWORDS[word];
    return page(file, `${label} (${word})`);
  }
  if (/^[A-Z]/.test(word) || /^::[A-Z]/.test(word)) {
    const name = word.replace(/^::/, '');
    if (DATA_TYPES[name]) return page(DATA_TYPES[name], `the ${name} data type`);
    if (ABSTRACT_TYPES.has(name)) return page('lang_data_abstract.html', `the ${name} data type`);
    if (after.startsWith('<|') || after.startsWith('<<|')) return page('lang_collectors.html', 'resource collectors');
    return page('lang_data_resource_reference.html', `resource references (${name})`);
  }
  if (/^[a-z]/.test(word)) {
    if (after.startsWith('(') || before.endsWith('.')) {
      if (FUNCTIONS.has(word)) return page(`function.html#${word}`, `the ${word} function`);
      return page('lang_functions.html', `calling functions (${word})`);
    }
    if (after.startsWith('{')) {
      if (line.slice(0, from).trimEnd().endsWith('@')) return page('lang_virtual.html', 'virtual resources');
      if (RESOURCE_TYPES.has(word)) return page(`types/${word}.html`, `the ${word} resource type`);
      return page('lang_resources.html', `resource declarations (${word})`);
    }
    if (after.startsWith('=>') || after.startsWith('+>')) return page('lang_resources.html', `attributes (${word})`);
    if (FUNCTIONS.has(word)) return page(`function.html#${word}`, `the ${word} function`);
  }
  const operator = line.slice(Math.max(at - 2, 0), at + 2);
  if (/<\||\|>/.test(operator)) return page('lang_collectors.html', 'resource collectors');
  if (/->|~>|<-|<~/.test(operator)) return page('lang_relationships.html', 'relationships and ordering');
  if (/=~|!~/.test(operator)) return page('lang_data_regexp.html', 'regular expressions');
  if (/\|/.test(operator)) return page('lang_lambdas.html', 'lambdas');
  if (/[-+*/%<>=!]/.test(operator)) return page('lang_expressions.html', 'expressions and operators');
  return page('lang_summary.html', 'the Puppet language');
}
