// puppet-lint's checks as the page offers them (names and which run by default, generated from core/src/lint/mod.rs, which has them as puppet-lint 3.0.1 does), and the Lint pane's choice of checks as data for the engine and for links.
import { LINT_CHECKS as CHECKS, LINT_OFF_BY_DEFAULT } from './generated/builtins.js';

/** Every check, in the order puppet-lint runs and reports them. */
export const LINT_CHECKS = Object.freeze([...CHECKS]);

/** The checks puppet-lint leaves off unless asked for (`--<check>-check`). */
export const OFF_BY_DEFAULT = Object.freeze([...LINT_OFF_BY_DEFAULT]);

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
