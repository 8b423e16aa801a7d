// The changes that turn one text into another, as few and as small as a line diff finds (Myers' algorithm), for edits such as "Fix all" that should touch only what they change.

/** Beyond this many inserted or deleted lines the diff gives up and returns one change (still the smallest single range). */
const MAX_LINE_EDITS = 400;

/** The lines of `text`, each with its line break. */
const linesOf = (text) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** The one change from `a[from..to]` to `b[bFrom..bTo]`, without what the two have in common at either end. */
function trimmed(a, from, to, b, bFrom, bTo) {
  while (from < to && bFrom < bTo && a[from] === b[bFrom]) {
    from += 1;
    bFrom += 1;
  }
  while (to > from && bTo > bFrom && a[to - 1] === b[bTo - 1]) {
    to -= 1;
    bTo -= 1;
  }
  return { from, to, insert: b.slice(bFrom, bTo) };
}

/**
 * The edit script from lines `a` to lines `b` as operations 'eq', 'del', 'ins' in order, or null past
 * `maxEdits` edits (Myers, "An O(ND) difference algorithm", with the trace kept for the way back).
 */
function editScript(a, b, maxEdits) {
  const n = a.length;
  const m = b.length;
  const offset = maxEdits + 1;
  const v = new Int32Array(2 * maxEdits + 3);
  const trace = [];
  for (let d = 0; d <= maxEdits; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return walkBack(trace, n, m, offset);
    }
  }
  return null;
}

function walkBack(trace, n, m, offset) {
  const ops = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d -= 1) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('eq');
      x -= 1;
      y -= 1;
    }
    ops.push(down ? 'ins' : 'del');
    x = prevX;
    y = prevY;
  }
  for (; x > 0; x -= 1) ops.push('eq');
  return ops.reverse();
}

/**
 * The changes (CodeMirror change specs `{ from, to, insert }`, positions in `before`) that make `after`
 * of `before`: one per run of changed lines, each trimmed to the characters that differ.
 */
export function minimalChanges(before, after) {
  if (before === after) return [];
  const a = linesOf(before);
  const b = linesOf(after);
  const ops = editScript(a, b, Math.min(MAX_LINE_EDITS, a.length + b.length));
  if (!ops) return [trimmed(before, 0, before.length, after, 0, after.length)];
  const changes = [];
  let aPos = 0; // character offsets of the current line in each text
  let bPos = 0;
  let hunk = null;
  const close = () => {
    if (hunk) changes.push(trimmed(before, hunk.from, aPos, after, hunk.bFrom, bPos));
    hunk = null;
  };
  let ai = 0;
  let bi = 0;
  for (const op of ops) {
    if (op === 'eq') {
      close();
      aPos += a[ai++].length;
      bPos += b[bi++].length;
      continue;
    }
    hunk ??= { from: aPos, bFrom: bPos };
    if (op === 'del') aPos += a[ai++].length;
    else bPos += b[bi++].length;
  }
  close();
  return changes.filter((c) => c.from !== c.to || c.insert !== '');
}

/**
 * The lines of a line diff from `before` to `after`, for people to read: `{ kind: 'eq' | 'del' | 'ins', text,
 * line }` (`line`: its number in `before` for eq and del, in `after` for ins), or null when the texts differ in
 * more lines than the diff follows (then the caller shows the new text whole).
 */
export function lineDiff(before, after) {
  const a = linesOf(before);
  const b = linesOf(after);
  const ops = editScript(a, b, Math.min(MAX_LINE_EDITS, a.length + b.length));
  if (!ops) return null;
  const out = [];
  let ai = 0;
  let bi = 0;
  const strip = (line) => line.replace(/\n$/, '');
  for (const op of ops) {
    if (op === 'eq') {
      out.push({ kind: 'eq', text: strip(a[ai]), line: ai + 1 });
      ai += 1;
      bi += 1;
    } else if (op === 'del') {
      out.push({ kind: 'del', text: strip(a[ai]), line: ai + 1 });
      ai += 1;
    } else {
      out.push({ kind: 'ins', text: strip(b[bi]), line: bi + 1 });
      bi += 1;
    }
  }
  return out;
}
