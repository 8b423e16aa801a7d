// Clickable source ranges inside a text dump: `start..end` outside quoted text becomes a button selecting that source.

/** Split one line into text and `{ start, end, text }` ranges, skipping anything inside '…' or "…". */
export function splitRanges(line) {
  const parts = [];
  let text = '';
  let quote = null;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quote) {
      text += ch;
      if (ch === '\\') text += line[++i] ?? '';
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      text += ch;
      continue;
    }
    const match = /^(\d+)\.\.(\d+)(?![\w.])/.exec(line.slice(i));
    if (match && !/[\w.]/.test(line[i - 1] ?? '')) {
      if (text) parts.push(text);
      text = '';
      parts.push({ start: Number(match[1]), end: Number(match[2]), text: match[0] });
      i += match[0].length - 1;
      continue;
    }
    text += ch;
  }
  if (text) parts.push(text);
  return parts;
}

/** A button for one range; `label` is what it shows, `select()` runs on activation. */
export function rangeButton(label, title, select) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'range';
  button.textContent = label;
  button.title = title;
  button.addEventListener('click', select);
  return button;
}
