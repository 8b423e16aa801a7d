// The preview of Format (puppet-lint's fixes, what Fix all applies): the lines they remove and add, with two lines of context, before anything changes; Apply makes them one edit.
import { lineDiff } from './text-diff.js';

/** Lines of unchanged text shown around each change. */
const CONTEXT = 2;

/** The diff's lines with only `CONTEXT` unchanged lines around each change, runs left out as a gap line. */
function withContext(lines) {
  const near = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.kind === 'eq') return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(lines.length - 1, i + CONTEXT); k += 1) near[k] = true;
  });
  const out = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (near[i]) {
      if (skipped) out.push({ kind: 'gap', count: skipped });
      skipped = 0;
      out.push(line);
    } else skipped += 1;
  });
  if (skipped) out.push({ kind: 'gap', count: skipped });
  return out;
}

function lineElement({ kind, text, line, count }) {
  const row = document.createElement('div');
  if (kind === 'gap') {
    row.className = 'diff-gap';
    row.textContent = `… ${count} unchanged line${count === 1 ? '' : 's'}`;
    return row;
  }
  row.className = `diff-line diff-${kind}`;
  row.dataset.kind = kind;
  const number = document.createElement('span');
  number.className = 'diff-line-number';
  number.textContent = String(line);
  row.append(number, text); // text only
  if (kind !== 'eq') {
    const words = document.createElement('span');
    words.className = 'visually-hidden';
    words.textContent = kind === 'del' ? ' (removed)' : ' (added)';
    row.append(words);
  }
  return row;
}

/** `elements`: { dialog, summary, diff, apply, cancel }. Returns { show(path, before, after, apply) }. */
export function setupFormatPreview({ dialog, summary, diff, apply, cancel }) {
  let onApply = null;
  apply.addEventListener('click', () => {
    const run = onApply;
    onApply = null;
    dialog.close();
    run?.();
  });
  cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    onApply = null;
  });
  return {
    /** Show what turning `before` into `after` changes in `path`; `applyChanges()` runs on Apply. */
    show(path, before, after, applyChanges) {
      const lines = lineDiff(before, after);
      const removed = lines?.filter((l) => l.kind === 'del').length ?? 0;
      const added = lines?.filter((l) => l.kind === 'ins').length ?? 0;
      if (before === after) {
        summary.textContent = `puppet-lint's fixes change nothing in ${path}.`;
        diff.replaceChildren();
      } else if (!lines) {
        summary.textContent = `puppet-lint's fixes change ${path} in too many places to list: the text they make is below.`;
        diff.replaceChildren(...after.split('\n').map((text, i) => lineElement({ kind: 'ins', text, line: i + 1 })));
      } else {
        summary.textContent = `In ${path}: ${removed} line${removed === 1 ? '' : 's'} removed, ${added} added (Ctrl+Z takes the whole edit back).`;
        diff.replaceChildren(...withContext(lines).map(lineElement));
      }
      apply.disabled = before === after;
      onApply = applyChanges;
      dialog.showModal();
      (before === after ? cancel : apply).focus();
    },
  };
}
