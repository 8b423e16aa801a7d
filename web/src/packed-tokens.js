// The lexer's tokens as the worker sends them to the page: the kinds' names once, and each token as three numbers in one transferred buffer (a 3,000-line file's 14,000 token objects took the page's thread tens of milliseconds to receive).

/** `[{ kind, start, end }]` as `{ kinds: [name], packed: Uint32Array [kind index, start, end]... }`. */
export function packTokens(tokens) {
  const kinds = [];
  const indexOf = new Map();
  const packed = new Uint32Array(tokens.length * 3);
  tokens.forEach(({ kind, start, end }, i) => {
    let index = indexOf.get(kind);
    if (index === undefined) {
      index = kinds.push(kind) - 1;
      indexOf.set(kind, index);
    }
    packed[i * 3] = index;
    packed[i * 3 + 1] = start;
    packed[i * 3 + 2] = end;
  });
  return { kinds, packed };
}

/** How many tokens `packTokens` packed. */
export const tokenCount = ({ packed }) => packed.length / 3;

/** The first `most` tokens of a packed list, as `{ kind, start, end }`. */
export function unpackTokens({ kinds, packed }, most = Infinity) {
  const count = Math.min(packed.length / 3, most);
  const tokens = new Array(count);
  for (let i = 0; i < count; i += 1) tokens[i] = { kind: kinds[packed[i * 3]], start: packed[i * 3 + 1], end: packed[i * 3 + 2] };
  return tokens;
}
