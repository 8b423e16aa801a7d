// Reading what is opened from disk into entries ({ path, size, read() }): a directory input's files, dropped folders, a .zip.
import { unzipSync } from 'fflate';

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

/** The files of a .zip; only those a plan may keep (`wanted(path, size)`) are decompressed, all at once on the first read. */
export function entriesFromZip(bytes, wanted = () => true) {
  const infos = [];
  unzipSync(bytes, {
    filter(info) {
      infos.push(info);
      return false;
    },
  });
  let unzipped = null;
  const all = () => (unzipped ??= unzipSync(bytes, { filter: (info) => wanted(info.name, info.originalSize) }));
  // Folder entries (names ending in /) stay: an empty folder is part of an environment too.
  return infos.map((info) => ({
    path: info.name.replace(/^\/+/, ''),
    size: info.originalSize,
    read: async () => all()[info.name] ?? new Uint8Array(0),
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
