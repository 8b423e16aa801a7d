// The environment as a .zip (fflate's zipSync); download.js saves it.
import { strToU8, zipSync } from 'fflate';
import { SNIPPET } from './workspace.js';

/** The environment's files at their paths, empty folders as folder entries, and snippet.pp when it is not empty. */
export function environmentZip(workspace) {
  const data = {};
  if (workspace.snippet.trim() !== '') data[SNIPPET] = strToU8(workspace.snippet);
  const { files, folders = [] } = workspace.toData();
  for (const [path, text] of Object.entries(files)) data[path] = strToU8(text);
  for (const folder of folders) data[`${folder}/`] = new Uint8Array(0);
  return zipSync(data, { level: 6 });
}
