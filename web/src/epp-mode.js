// EPP template highlighting for CodeMirror: text as it is, and Puppet's grammar inside <% %> tags.
import { StreamLanguage } from '@codemirror/language';
import { puppetStreamParser } from './puppet-mode.js';

const OPEN = /^<%(?!%)[=-]?/;
const CLOSE = /^-?%>/;

export const eppStreamParser = {
  name: 'epp',
  startState: () => ({ tag: null, puppet: puppetStreamParser.startState() }),
  copyState: (s) => ({ tag: s.tag, puppet: puppetStreamParser.copyState(s.puppet) }),
  token(stream, state) {
    if (state.tag === 'comment') {
      if (stream.skipTo('%>')) {
        stream.match(CLOSE);
        state.tag = null;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (state.tag === 'code') {
      if (stream.eatSpace()) return null;
      if (stream.match(CLOSE)) {
        state.tag = null;
        return 'meta';
      }
      // A comment ends at the tag's end, not the line's.
      if (stream.peek() === '#' && !state.puppet.stack.length) {
        if (!stream.skipTo('%>')) stream.skipToEnd();
        return 'comment';
      }
      return puppetStreamParser.token(stream, state.puppet);
    }
    if (stream.match('<%#')) {
      state.tag = 'comment';
      return 'comment';
    }
    if (stream.match(OPEN)) {
      state.tag = 'code';
      state.puppet = puppetStreamParser.startState();
      return 'meta';
    }
    // Template text up to the next tag (`<%%` is a literal `<%`).
    if (stream.match('<%%')) return null;
    stream.next();
    while (!stream.eol() && !stream.match(/^<%/, false)) stream.next();
    return null;
  },
  languageData: { commentTokens: { block: { open: '<%#', close: '%>' } } },
};

export const eppLanguage = StreamLanguage.define(eppStreamParser);
