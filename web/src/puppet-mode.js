// Puppet syntax highlighting and indentation for CodeMirror: a stream grammar kept in agreement with the core's lexer (e2e/highlight-agrees.test.mjs).
import { StreamLanguage, StringStream } from '@codemirror/language';

const KEYWORDS = new Set([
  'and', 'application', 'attr', 'case', 'class', 'consumes', 'default', 'define', 'else', 'elsif',
  'function', 'if', 'import', 'in', 'inherits', 'node', 'or', 'plan', 'private', 'produces', 'site',
  'type', 'unless',
]);
const ATOMS = { true: 'bool', false: 'bool', undef: 'null' };
const OPEN = '([{';
const CLOSE = ')]}';
// After one of these, a `/` starts a regular expression rather than a division.
const VALUE_END = new Set(['number', 'string', 'variableName', 'typeName', 'name', 'close', 'bool', 'null']);

function startState() {
  // `stack`: open brackets and string/interpolation modes; `heredocs`: tags whose bodies start on the next line.
  return { stack: [], heredocs: [], heredoc: null, heredocSaved: null, comment: false, last: null };
}

function copyState(s) {
  return {
    stack: s.stack.map((f) => ({ ...f })),
    heredocs: s.heredocs.map((h) => ({ ...h })),
    heredoc: s.heredoc && { ...s.heredoc },
    heredocSaved: s.heredocSaved && { ...s.heredocSaved },
    comment: s.comment,
    last: s.last,
  };
}

const top = (state) => state.stack[state.stack.length - 1];

/** The body of a heredoc: every line until its end tag `|- END`. */
function heredocBody(stream, state) {
  const { tag, interpolate } = state.heredoc;
  if (stream.sol()) {
    const end = new RegExp(`^\\s*\\|?\\s*-?\\s*${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    if (end.test(stream.string)) {
      stream.skipToEnd();
      state.heredoc = state.heredocs.shift() ?? null;
      return 'meta';
    }
  }
  if (interpolate && stream.match(/^\$\{/)) {
    state.stack.push({ kind: 'interp', inHeredoc: true });
    state.heredocSaved = state.heredoc;
    state.heredoc = null;
    state.last = 'interp';
    return 'meta';
  }
  if (interpolate && stream.match(/^\$(::)?[a-z_]\w*(::[a-z_]\w*)*/)) return 'variableName.special';
  if (interpolate && stream.match(/^\\./)) return 'escape';
  stream.next();
  while (!stream.eol() && !(interpolate && (stream.peek() === '$' || stream.peek() === '\\'))) stream.next();
  return 'string';
}

/** Inside a double-quoted string: text, escapes, `$var` and `${...}`. */
function doubleQuoted(stream, state) {
  if (stream.match(/^\\./)) return 'escape';
  if (stream.eat('"')) {
    state.stack.pop();
    state.last = 'string';
    return 'string';
  }
  if (stream.match(/^\$\{/)) {
    state.stack.push({ kind: 'interp' });
    state.last = 'interp';
    return 'meta';
  }
  if (stream.match(/^\$(::)?[a-z_]\w*(::[a-z_]\w*)*/)) return 'variableName.special';
  stream.next();
  while (!stream.eol() && !/["\\$]/.test(stream.peek())) stream.next();
  return 'string';
}

function singleQuoted(stream, state) {
  while (!stream.eol()) {
    if (stream.match(/^\\[\\']/)) continue;
    if (stream.next() === "'") {
      state.stack.pop();
      state.last = 'string';
      return 'string';
    }
  }
  return 'string';
}

function regexBody(stream, state) {
  while (!stream.eol()) {
    if (stream.match(/^\\./)) continue;
    if (stream.next() === '/') {
      state.stack.pop();
      state.last = 'string';
      return 'regexp';
    }
  }
  return 'regexp';
}

function token(stream, state) {
  if (stream.sol() && !state.heredoc && state.heredocs.length) {
    state.heredoc = state.heredocs.shift();
  }
  if (state.heredoc) return heredocBody(stream, state);
  if (state.comment) {
    if (stream.skipTo('*/')) {
      stream.match('*/');
      state.comment = false;
    } else stream.skipToEnd();
    return 'comment';
  }
  const frame = top(state);
  if (frame?.kind === 'dq') return doubleQuoted(stream, state);
  if (frame?.kind === 'sq') return singleQuoted(stream, state);
  if (frame?.kind === 're') return regexBody(stream, state);

  if (stream.eatSpace()) return null;
  const style = expressionToken(stream, state);
  return style;
}

function expressionToken(stream, state) {
  const frame = top(state);
  const ch = stream.peek();
  if (ch === '#') {
    stream.skipToEnd();
    return 'comment';
  }
  if (stream.match('/*')) {
    state.comment = true;
    return token(stream, state) ?? 'comment';
  }
  const set = (last, style) => ((state.last = last), style);
  if (stream.match(/^0[xX][0-9a-fA-F]+/) || stream.match(/^\d+(\.\d+)?([eE][-+]?\d+)?[0-9a-zA-Z_]*/)) {
    return set('number', 'number');
  }
  if (stream.match(/^\$(::)?[a-z_]\w*(::[a-z_]\w*)*/) || stream.match(/^\$\d+/)) return set('variableName', 'variableName');
  if (stream.match(/^(::)?[A-Z]\w*(::[A-Z]\w*)*/)) return set('typeName', 'typeName');
  const word = stream.match(/^(::)?[a-z_][\w-]*(::[a-z_]\w*)*/);
  if (word) {
    const text = word[0];
    if (state.last === 'interp') return set('variableName', 'variableName.special');
    if (KEYWORDS.has(text)) return set('keyword', 'keyword');
    if (ATOMS[text]) return set(ATOMS[text], ATOMS[text]);
    if (stream.match(/^\s*\(/, false)) return set('name', 'variableName.function');
    return set('name', 'propertyName');
  }
  const heredoc = stream.match(/^@\(\s*("?)([^":/)\s]+)\1\s*(:[\w.-]+)?\s*(\/[nrtsuL$]*)?\s*\)/);
  if (heredoc) {
    state.heredocs.push({ tag: heredoc[2], interpolate: heredoc[1] === '"' });
    return set('string', 'meta');
  }
  if (stream.eat('"')) {
    state.stack.push({ kind: 'dq' });
    return doubleQuoted(stream, state);
  }
  if (stream.eat("'")) {
    state.stack.push({ kind: 'sq' });
    return singleQuoted(stream, state);
  }
  if (ch === '/' && !VALUE_END.has(state.last)) {
    stream.next();
    state.stack.push({ kind: 're' });
    return regexBody(stream, state);
  }
  if (OPEN.includes(ch)) {
    stream.next();
    state.stack.push({ kind: 'bracket', ch });
    return set('open', 'punctuation');
  }
  if (CLOSE.includes(ch)) {
    stream.next();
    if (frame?.kind === 'interp' && ch === '}') {
      state.stack.pop();
      if (frame.inHeredoc) {
        state.heredoc = state.heredocSaved;
        state.heredocSaved = null;
      }
      return set('close', 'meta');
    }
    if (frame?.kind === 'bracket') state.stack.pop();
    return set('close', 'punctuation');
  }
  if (stream.match(/^(=>|\+>|->|~>|<-|<~|==|!=|=~|!~|<=|>=|<<|>>|\*=|\+=|-=|\|>>|<\|)/) || stream.match(/^[-+*/%=<>!?|@&.]/)) {
    return set('operator', 'operator');
  }
  if (stream.match(/^[,;:]/)) return set('punct', 'punctuation');
  stream.next();
  return set('invalid', 'invalid');
}

/** Brackets still open at the start of a line, for indentation. */
function indent(state, textAfter, context) {
  const depth = state.stack.filter((f) => f.kind === 'bracket').length;
  const closing = /^\s*[)\]}]/.test(textAfter) ? 1 : 0;
  return Math.max(0, depth - closing) * context.unit;
}

export const puppetStreamParser = {
  name: 'puppet',
  startState,
  copyState,
  token,
  indent,
  blankLine(state) {
    if (!state.heredoc && state.heredocs.length) state.heredoc = state.heredocs.shift();
  },
  languageData: {
    commentTokens: { line: '#', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', '{', "'", '"'] },
    indentOnInput: /^\s*[}\])]$/,
  },
};

export const puppetLanguage = StreamLanguage.define(puppetStreamParser);

/** The grammar's tokens of a text, as `{ from, to, style }` (for tests and the agreement check). */
export function highlightTokens(text) {
  const state = startState();
  const out = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    if (line === '') puppetStreamParser.blankLine(state);
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      const style = token(stream, state);
      if (style) out.push({ from: offset + stream.start, to: offset + stream.pos, style });
      stream.start = stream.pos;
    }
    offset += line.length + 1;
  }
  return out;
}
