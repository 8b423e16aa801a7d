// puppet-lint's 37 checks as the page offers them (names and which run by default, as core/src/lint/mod.rs and puppet-lint 3.0.1 have them), and the Lint pane's choice of checks as data for the engine and for links.

/** Every check, in the order puppet-lint runs and reports them. */
export const LINT_CHECKS = Object.freeze([
  'arrow_on_right_operand_line',
  'autoloader_layout',
  'class_inherits_from_params_class',
  'code_on_top_scope',
  'inherits_across_namespaces',
  'names_containing_dash',
  'names_containing_uppercase',
  'nested_classes_or_defines',
  'parameter_order',
  'right_to_left_relationship',
  'variable_scope',
  'slash_comments',
  'star_comments',
  'case_without_default',
  'selector_inside_resource',
  'documentation',
  'unquoted_node_name',
  'duplicate_params',
  'ensure_first_param',
  'ensure_not_symlink_target',
  'file_mode',
  'unquoted_file_mode',
  'unquoted_resource_title',
  'double_quoted_strings',
  'only_variable_string',
  'puppet_url_without_modules',
  'quoted_booleans',
  'single_quote_string_with_variables',
  'variables_not_enclosed',
  'variable_contains_dash',
  'variable_is_lowercase',
  '140chars',
  '2sp_soft_tabs',
  '80chars',
  'arrow_alignment',
  'hard_tabs',
  'trailing_whitespace',
]);

/** The checks puppet-lint leaves off unless asked for (`--<check>-check`). */
export const OFF_BY_DEFAULT = Object.freeze(['class_inherits_from_params_class', 'code_on_top_scope', 'quoted_booleans', '80chars']);

const KNOWN = new Set(LINT_CHECKS);

/** Whether `check` runs by default. */
export const onByDefault = (check) => !OFF_BY_DEFAULT.includes(check);

/**
 * The choice of checks as the settings and links keep it, in puppet-lint's own words: the checks that differ
 * from its defaults, `no-<check>` for one turned off (`--no-<check>-check`) and `<check>` for one turned on
 * (`--<check>-check`), in puppet-lint's order; unknown names and entries that change nothing are dropped.
 */
export function normalizeChecks(entries) {
  const wanted = new Map();
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (typeof entry !== 'string') continue;
    const off = entry.startsWith('no-');
    const name = off ? entry.slice(3) : entry;
    if (KNOWN.has(name)) wanted.set(name, !off);
  }
  return LINT_CHECKS.filter((c) => wanted.has(c) && wanted.get(c) !== onByDefault(c)).map((c) => (wanted.get(c) ? c : `no-${c}`));
}

/** Whether `check` runs under the choice `entries` (normalized). */
export function checkRuns(entries, check) {
  if (entries.includes(`no-${check}`)) return false;
  if (entries.includes(check)) return true;
  return onByDefault(check);
}

/** The choice with `check` turned on or off. */
export function withCheck(entries, check, on) {
  return normalizeChecks([...entries.filter((e) => e !== check && e !== `no-${check}`), on ? check : `no-${check}`]);
}

/** The options the facade's `lint` and `lintFix` take for the choice, a `.puppet-lint.rc` text and a file path. */
export function lintOptions(entries, { rc, path } = {}) {
  const options = {
    disabled: entries.filter((e) => e.startsWith('no-')).map((e) => e.slice(3)),
    enabled: entries.filter((e) => !e.startsWith('no-')),
  };
  if (typeof rc === 'string') options.rc = rc;
  if (path) options.path = path;
  return options;
}

/** The choice as a link carries it (`no-documentation,80chars`), and back. */
export const encodeChecks = (entries) => entries.join(',');
export const decodeChecks = (text) => normalizeChecks(typeof text === 'string' ? text.split(',') : []);
