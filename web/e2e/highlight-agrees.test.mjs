// The editor's stream grammar agrees with the core's lexer: every core token of a known kind is one grammar token of the matching style.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { highlightTokens } from '../src/puppet-mode.js';
import { EXAMPLES } from '../src/examples.js';
import { initSync, tokens } from '../pkg/puppet_wasm.js';

initSync({ module: await readFile(new URL('../pkg/puppet_wasm_bg.wasm', import.meta.url)) });

// The core's kind names and the grammar style each must get. Kinds missing here are skipped (the
// lexer grows faster than this table); add them as they appear.
const STYLE_OF_KIND = {
  integer: 'number',
  float: 'number',
  plus: 'operator',
  minus: 'operator',
  times: 'operator',
  divide: 'operator',
  modulo: 'operator',
  lparen: 'punctuation',
  rparen: 'punctuation',
  // Inside interpolation the grammar marks variables as special.
  variable: ['variableName', 'variableName.special'],
  comma: 'punctuation',
};

const SNIPPETS = [
  '1 + 2 * 3',
  '(1 + 2) * -3 % 4 / 5',
  '/* 😀 */ 0xFF - 0777 # comment',
  ...EXAMPLES.map((e) => e.code),
];

test('the stream grammar agrees with the core lexer on every known token kind', () => {
  let compared = 0;
  for (const source of SNIPPETS) {
    const grammar = new Map(highlightTokens(source).map((t) => [`${t.from}..${t.to}`, t.style]));
    const core = tokens(source);
    // Text the core cannot lex yet (`error` lexemes) may split what the grammar sees as one token
    // (`3.0` is `3`, error `.`, `0` until floats exist): tokens touching it are not compared.
    const unknown = new Set(core.filter((t) => t.kind === 'error').flatMap((t) => [t.start, t.end]));
    for (const token of core) {
      const style = STYLE_OF_KIND[token.kind];
      if (!style || unknown.has(token.start) || unknown.has(token.end)) continue;
      // Tokens inside strings, heredocs and comments are the core's business once it lexes them.
      const grammarStyle = grammar.get(`${token.start}..${token.end}`);
      const inside = highlightTokens(source).find((t) => t.from <= token.start && token.end <= t.to);
      if (inside && /string|comment|meta|regexp|escape/.test(inside.style)) continue;
      const allowed = Array.isArray(style) ? style : [style];
      assert.ok(allowed.includes(grammarStyle), `${grammarStyle} not in ${allowed}: `+`${JSON.stringify(source.slice(token.start, token.end))} (${token.kind}) at ${token.start} in ${JSON.stringify(source.slice(0, 60))}`);
      compared += 1;
    }
  }
  assert.ok(compared > 20, `compared ${compared} tokens`);
});
