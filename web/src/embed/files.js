// The embedded view's list of the files it runs besides the code shown (a v2 link's environment): each one's path, its text shown when opened, so that the reader sees everything that produces the result.

/**
 * Fill `elements` ({ section, summary, list }) with `files` (path → text). The section stays hidden when
 * there are none; a file's text is put in the page only when its entry is opened.
 */
export function showEmbedFiles({ section, summary, list }, files) {
  const paths = Object.keys(files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  section.hidden = paths.length === 0;
  if (!paths.length) return;
  summary.textContent = `The code runs with ${paths.length === 1 ? 'this file' : `these ${paths.length.toLocaleString('en')} files`} too`;
  list.replaceChildren(
    ...paths.map((path) => {
      const entry = document.createElement('details');
      entry.dataset.testid = 'embed-file';
      const name = document.createElement('summary');
      name.className = 'mono';
      name.textContent = path;
      const text = document.createElement('pre');
      text.className = 'mono';
      entry.append(name, text);
      entry.addEventListener('toggle', () => {
        if (entry.open && !text.textContent) text.textContent = files[path];
      });
      return entry;
    }),
  );
}
