// Work is never thrown away: before an example, a link or an opened folder replaces the environment, the user's own (edited, not an example as loaded) is kept aside, one click from coming back.
import { EXAMPLES } from './examples.js';
import { dropKept, keep, loadKept } from './storage.js';

/** A stable text of an environment's content ({ code, files, folders }), to compare two. */
export const contentKey = ({ code, files = {}, folders = [] }) =>
  JSON.stringify([code, Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), [...folders].sort()]);

/** The content of every example as the Examples menu loads it: nothing of the user's is in them. */
const EXAMPLE_KEYS = new Set(EXAMPLES.map((e) => contentKey({ code: e.code, files: e.files ?? {} })));

/** Whether an environment holds anything of the user's: not empty, not an example as it comes. */
export function holdsWork(entry) {
  if (!entry) return false;
  const empty = entry.code.trim() === '' && Object.keys(entry.files ?? {}).length === 0 && !(entry.folders ?? []).length;
  return !empty && !EXAMPLE_KEYS.has(contentKey(entry));
}

/** What an environment is, in words: "your code (3 lines)", "your environment env1 (snippet.pp and 7 files)". */
export function describeWork(entry) {
  const files = Object.keys(entry.files ?? {}).length;
  if (!files) {
    const lines = entry.code.split('\n').filter((line) => line.trim() !== '').length;
    return `your code (${lines} line${lines === 1 ? '' : 's'})`;
  }
  const name = entry.label ? ` ${entry.label}` : '';
  const main = entry.code.trim() === '' ? '' : 'snippet.pp and ';
  return `your environment${name} (${main}${files.toLocaleString('en')} file${files === 1 ? '' : 's'})`;
}

/**
 * The environment kept aside. `keepIfWork(entry, { unchanged })` keeps `entry` ({ code, settings, files, folders,
 * open, label }) when it holds work and is not `unchanged` (as it was loaded): returns 'kept', 'nothing' (no work
 * to keep) or 'too-large' (it could not be stored: the caller asks first).
 */
export function createKeeper() {
  return {
    keepIfWork(entry, { unchanged = false } = {}) {
      if (unchanged || !holdsWork(entry)) return 'nothing';
      return keep(entry) ? 'kept' : 'too-large';
    },
    kept: () => loadKept(),
    drop: () => dropKept(),
  };
}
