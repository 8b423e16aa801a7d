// Fuzz target: share-link decoding (share.js's decodeLocation) on any input. The first byte picks where the
// rest goes (a whole fragment, the compressed payload of a v1 or v2 link, the facts field, a query, the Compare
// pane's pinned catalog), so that
// the fuzzer reaches the inflater and the environment reader, not only the base64 check. The fuzzer runs it
// under small limits, which inputs of a few KB (jsfuzz's size) can pass and whose bombs end in milliseconds;
// the replay test (e2e/fuzz-replay.test.mjs) runs the seeds and regressions under the page's limits too.
// Throws only when an invariant breaks: decoding never throws, and what it opens stays within its limits.
import { decodeLocation, LINK_LIMITS, LOG_LEVELS, MAX_PINNED } from '../../src/share.js';

const base64url = (bytes) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const latin1 = (bytes) => new TextDecoder('latin1').decode(bytes);

/** The location an input stands for. */
export function locationOf(input) {
  const bytes = Uint8Array.from(input);
  const rest = bytes.subarray(1);
  switch ((bytes[0] ?? 0) % 7) {
    case 0:
      return { search: '', hash: `#${latin1(rest)}` };
    case 1:
      return { search: '', hash: `#v1/${base64url(rest)}` };
    case 2:
      return { search: '', hash: `#v2/${base64url(rest)}` };
    case 3:
      return { search: '', hash: `#v1/MwQA;facts=${base64url(rest)}` };
    case 4:
      return { search: `?${latin1(rest)}`, hash: '' };
    case 6:
      return { search: '', hash: `#v1/MwQA;pin=${base64url(rest)}` };
    default:
      return { search: `?code=1&facts=${base64url(rest)}`, hash: '' };
  }
}

function check(condition, what) {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

/** Limits small enough for a few KB of input to reach: 64 KiB of text, 20 files. */
export const SMALL_LIMITS = Object.freeze({ maxTextBytes: 64 * 1024, maxFiles: 20 });
export const PAGE_LIMITS = LINK_LIMITS;

/** The fuzzer's entry. */
export function fuzz(input) {
  checkInput(input, SMALL_LIMITS);
}

/** Decode the location `input` stands for under `limits`; throws when an invariant breaks. */
export function checkInput(input, limits) {
  const opened = decodeLocation(locationOf(input), limits);
  if (opened === null) return;
  if ('error' in opened) {
    check(typeof opened.error === 'string' && opened.error !== '', 'an error is a message');
    return;
  }
  check(typeof opened.code === 'string', 'the code is text');
  const files = opened.files ?? {};
  const folders = opened.folders ?? [];
  check(Object.keys(files).length + folders.length <= limits.maxFiles, 'at most maxFiles files and folders');
  const pinned = opened.pinned ?? [];
  check(Array.isArray(pinned) && pinned.length <= MAX_PINNED, 'at most MAX_PINNED pinned entries');
  let chars = opened.code.length + opened.settings.facts.length;
  for (const entry of pinned) {
    check(typeof entry.reference === 'string' && typeof entry.text === 'string', 'a pinned entry is text');
    chars += entry.reference.length + entry.text.length;
  }
  for (const text of Object.values(files)) {
    check(typeof text === 'string', 'every file is text');
    chars += text.length;
  }
  // A UTF-16 string is never longer than its UTF-8 bytes, and the link's texts come from at most maxTextBytes of them.
  check(chars <= limits.maxTextBytes + DEFAULT_FACTS_ALLOWANCE, 'the text stays within maxTextBytes');
  check(['error', 'warning', 'off'].includes(opened.settings.strict), 'strict is known');
  check(LOG_LEVELS.includes(opened.settings.log), 'the log level is known');
  check(typeof opened.settings.lint === 'boolean', 'lint is on or off');
  check(typeof opened.settings.certname === 'string', 'a certname');
  check(Array.isArray(opened.problems) && opened.problems.every((p) => typeof p === 'string'), 'problems are messages');
}

/** The default facts are not part of a link's text: a link without facts may carry maxTextBytes of code beside them. */
const DEFAULT_FACTS_ALLOWANCE = 64 * 1024;
