// Open a folder or a .zip from disk (buttons, inputs, drag and drop) and say what was opened, skipped and left out.
import { describePlan, formatBytes, planFolder } from './folder.js';
import { entriesFromFiles, entriesFromZip, readDrop, ZIP_LIMITS } from './folder-read.js';

/**
 * `elements`: { folderButton, folderInput, zipButton, zipInput, dropZone, status }.
 * `options`: { limits() → the environment's limits, budget(kind, prefix), apply(plan) }.
 */
export function setupOpenFolder(elements, { limits, budget, apply }) {
  const { folderButton, folderInput, zipButton, zipInput, dropZone, status } = elements;

  function report(plan) {
    const { summary, skipped, leftOut } = describePlan(plan);
    const parts = [document.createTextNode(summary)];
    const list = (title, lines, testId) => {
      if (!lines.length) return;
      const details = document.createElement('details');
      details.dataset.testid = testId;
      const heading = document.createElement('summary');
      heading.textContent = title;
      const items = document.createElement('ul');
      for (const line of lines) {
        const item = document.createElement('li');
        item.textContent = line;
        items.append(item);
      }
      details.append(heading, items);
      parts.push(details);
    };
    list(`Left out (${leftOut.length})`, leftOut, 'left-out');
    list(`Skipped (${skipped.length})`, skipped, 'skipped');
    status.replaceChildren(...parts);
    status.dataset.kind = plan.leftOut.length ? 'warning' : 'ok';
  }

  async function open(read, name) {
    status.textContent = `Reading ${name}…`;
    status.dataset.kind = 'info';
    try {
      const entries = await read();
      const plan = await planFolder(entries, { name, limits: limits(), budget });
      if (!Object.keys(plan.files).length && plan.snippet === null) {
        report(plan);
        status.prepend(`Nothing Puppet reads was found in ${name}. `);
        status.dataset.kind = 'error';
        return;
      }
      apply(plan);
      report(plan);
    } catch (error) {
      status.textContent = `${name} could not be opened: ${error.message}`;
      status.dataset.kind = 'error';
    }
  }

  const zipEntries = async (file) => {
    if (file.size > ZIP_LIMITS.maxZipBytes) throw new Error(`it is larger than ${formatBytes(ZIP_LIMITS.maxZipBytes)}`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Only what the plan keeps is inflated, entry by entry: the environment's files, and its snippet.pp.
    return entriesFromZip(bytes, { maxInflated: 2 * limits().maxTotalBytes });
  };
  const nameOf = (files) => files[0]?.webkitRelativePath?.split('/')[0] || 'folder';

  folderButton.addEventListener('click', () => folderInput.click());
  zipButton.addEventListener('click', () => zipInput.click());
  folderInput.addEventListener('change', async () => {
    const files = [...folderInput.files];
    folderInput.value = '';
    if (files.length) await open(async () => entriesFromFiles(files), nameOf(files));
  });
  zipInput.addEventListener('change', async () => {
    const [file] = zipInput.files;
    zipInput.value = '';
    if (file) await open(() => zipEntries(file), file.name.replace(/\.zip$/i, ''));
  });

  // Drag and drop onto the Files pane: a folder (or several files), or one .zip.
  const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');
  dropZone.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    dropZone.classList.add('drop-target');
  });
  dropZone.addEventListener('dragleave', (event) => {
    if (!dropZone.contains(event.relatedTarget)) dropZone.classList.remove('drop-target');
  });
  dropZone.addEventListener('drop', async (event) => {
    event.preventDefault();
    dropZone.classList.remove('drop-target');
    // The drop's items can only be read during the event: take the entries before any await.
    const dropped = readDrop(event.dataTransfer);
    const items = [...(event.dataTransfer?.items ?? [])];
    const first = items[0]?.webkitGetAsEntry?.();
    const name = items.length === 1 && first ? first.name : 'dropped files';
    const { zip, entries } = await dropped;
    if (zip) await open(() => zipEntries(zip), zip.name.replace(/\.zip$/i, ''));
    else await open(async () => entries, name);
  });
}
