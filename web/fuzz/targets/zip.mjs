// Fuzz target: reading a .zip as the page opens one (folder-read.js's entriesFromZip, then folder.js's plan)
// on any input. Throws only when an invariant breaks: a .zip is either refused with a ZipRefused message or
// planned within the environment's limits, and never more than the reader's cap is inflated. The fuzzer runs
// it under small limits (64 KiB, 20 files), which inputs of a few KB (jsfuzz's size) can pass; the replay test
// (e2e/fuzz-replay.test.mjs) runs the seeds and regressions under the page's limits too.
import { planFolder } from '../../src/folder.js';
import { entriesFromZip } from '../../src/folder-read.js';
import { byteLength, cleanPath, DEFAULT_LIMITS } from '../../src/workspace.js';
import { ZipRefused } from '../../src/zip-read.js';

function check(condition, what) {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

export const SMALL_LIMITS = Object.freeze({ ...DEFAULT_LIMITS, maxFiles: 20, maxTotalBytes: 64 * 1024 });
export const PAGE_LIMITS = DEFAULT_LIMITS;

/** The fuzzer's entry. */
export async function fuzz(input) {
  await checkInput(input, SMALL_LIMITS);
}

/** Read the .zip `input` under `limits` (the environment's); throws when an invariant breaks. */
export async function checkInput(input, limits) {
  const bytes = Uint8Array.from(input);
  // The cap on what all reads of one .zip may inflate together (the page's: twice the environment's bytes).
  const MAX_INFLATED = 2 * limits.maxTotalBytes;
  let plan;
  let inflated = 0;
  try {
    const entries = entriesFromZip(bytes, { maxInflated: MAX_INFLATED }).map((entry) => ({
      ...entry,
      read: async () => {
        const data = await entry.read();
        inflated += data.length;
        check(data.length <= entry.size, 'an entry never inflates past its declared size');
        return data;
      },
    }));
    plan = await planFolder(entries, { name: 'fuzz', limits });
  } catch (error) {
    if (error instanceof ZipRefused) return;
    throw error;
  } finally {
    check(inflated <= MAX_INFLATED, 'all reads inflate at most MAX_INFLATED');
  }
  const paths = Object.keys(plan.files);
  check(paths.length <= limits.maxFiles, 'at most maxFiles files');
  let total = 0;
  for (const path of paths) {
    check(cleanPath(path) === path, 'every path is clean');
    total += byteLength(plan.files[path]);
  }
  check(total <= limits.maxTotalBytes, 'the files stay within maxTotalBytes');
  for (const folder of plan.folders) check(cleanPath(folder) === folder, 'every folder is clean');
}
