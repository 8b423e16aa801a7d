// Reading what is opened from disk into entries ({ path, size, read() }): a directory input's files, dropped folders, a .zip.
import { formatBytes } from './folder.js';
import { DEFAULT_LIMITS } from './workspace.js';
import { listZip, readZipEntry, ZipRefused } from './zip-read.js';

/** Folders not even walked when dropped (a repository's .git can hold thousands of files). */
const NOT_WALKED = new Set(['.git', 'node_modules', '.bundle']);

const fileEntry = (path, file) => ({
  path,
  size: file.size,
  read: async () => new Uint8Array(await file.arrayBuffer()),
});

/** The files of a directory input (`webkitRelativePath` starts with the picked folder's name) or of a plain file input. */
export function entriesFromFiles(files) {
  return [...files].map((file) => fileEntry(file.webkitRelativePath || file.name, file));
}

/** Bounds of a .zip, whatever the environment's limits: its own size, its entries, its names. */
export const ZIP_LIMITS = Object.freeze({
  /** Bytes of the .zip file itself (checked before it is read). */
  maxZipBytes: 64 * 1024 * 1024,
  /** Entries (files and folders) its directory may list. */
  maxEntries: 20_000,
  /** Characters of an entry's name, and its depth: four times the environment's, for a top folder or two. */
  maxNameLength: 1024,
  maxNameDepth: 64,
});

/** A name as a message shows it: control characters as `?`, cut after 80 characters. */
const shown = (name) => {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
};

/** Why a .zip's entry name is refused (it would point outside the folder, or is absurdly long), or null. */
export function zipNameRefusal(name) {
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return `it holds ${shown(name)}, an absolute path`;
  if (path.split('/').includes('..')) return `it holds ${shown(name)}, which points outside the folder`;
  if (path.length > ZIP_LIMITS.maxNameLength) return `an entry's name is longer than ${ZIP_LIMITS.maxNameLength.toLocaleString('en')} characters`;
  if (path.split('/').length > ZIP_LIMITS.maxNameDepth) return `an entry is nested deeper than ${ZIP_LIMITS.maxNameDepth} levels`;
  return null;
}

/**
 * The entries of a .zip (`{ path, size, read() }`, `size` as its directory declares it), checked before
 * anything is inflated: at most `ZIP_LIMITS.maxEntries` entries, no name outside the folder. Each `read()`
 * inflates that entry alone and is refused (a `ZipRefused` error) when the entry declares more than is
 * left of `maxInflated`, the bytes all reads may inflate together, or inflates to more than it declares.
 */
export function entriesFromZip(bytes, { maxInflated = 2 * DEFAULT_LIMITS.maxTotalBytes } = {}) {
  const listed = listZip(bytes, { maxEntries: ZIP_LIMITS.maxEntries });
  for (const entry of listed) {
    const refusal = zipNameRefusal(entry.name);
    if (refusal) throw new ZipRefused(refusal);
  }
  let left = maxInflated;
  // Folder entries (names ending in /) stay: an empty folder is part of an environment too.
  return listed.map((entry) => ({
    path: entry.name.replace(/\\/g, '/'),
    size: entry.size,
    read: async () => {
      if (entry.size > left) throw new ZipRefused(`its files unpack to more than ${formatBytes(maxInflated)}`);
      const data = readZipEntry(bytes, entry);
      left -= data.length;
      return data;
    },
  }));
}

const entryFile = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject));
const readBatch = (reader) => new Promise((resolve, reject) => reader.readEntries(resolve, reject));

async function walk(entry, out) {
  const path = entry.fullPath.replace(/^\/+/, '');
  if (entry.isFile) {
    out.push(fileEntry(path, await entryFile(entry)));
    return;
  }
  if (!entry.isDirectory) return;
  if (NOT_WALKED.has(entry.name)) {
    out.push({ path: `${path}/`, size: 0, folder: true, read: async () => new Uint8Array(0) });
    return;
  }
  const reader = entry.createReader();
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (let batch = await readBatch(reader); batch.length; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, out);
  }
}

/** What was dropped: `{ zip: File }` for a single .zip, else `{ entries }` with dropped folders walked. */
export async function readDrop(dataTransfer) {
  const items = [...(dataTransfer.items ?? [])].filter((item) => item.kind === 'file');
  const roots = items.map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  const files = [...(dataTransfer.files ?? [])];
  if (files.length === 1 && /\.zip$/i.test(files[0].name) && !roots.some((r) => r.isDirectory)) return { zip: files[0] };
  if (!roots.length) return { entries: entriesFromFiles(files) };
  const entries = [];
  for (const root of roots) await walk(root, entries);
  return { entries };
}
