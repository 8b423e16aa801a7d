// Position helpers: the core's UTF-8 byte offsets to the browser's UTF-16 offsets, offsets to line:column and back.

/** A function mapping a byte offset of `text`'s UTF-8 encoding to a UTF-16 offset (clamped, snapped back). */
export function byteToUtf16(text) {
  const starts = []; // starts[k] = byte offset of the k-th UTF-16 unit boundary we can land on
  const units = [];
  let bytes = 0;
  let index = 0;
  for (const ch of text) {
    starts.push(bytes);
    units.push(index);
    const code = ch.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  starts.push(bytes);
  units.push(index);
  return (byte) => {
    // The last character boundary at or before `byte`.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= byte) lo = mid;
      else hi = mid - 1;
    }
    return units[lo];
  };
}

/** A function giving the 1-based line and column (in characters, as Puppet counts) of a UTF-16 offset of `text`. */
export function lineColumns(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: [...text.slice(starts[lo], offset)].length + 1 };
  };
}

/** The UTF-16 offset where 1-based `line` of `text` starts (the end of the text past its last line). */
export function lineStart(text, line) {
  let at = 0;
  for (let n = 1; n < line; n += 1) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return at;
}
