// The CodeMirror 6 editor: one view, one state per file; Puppet/EPP highlighting, squiggles with notes (evaluation's and puppet-lint's, each of their own kind), inline results, Mod-Enter, Tab that never traps the keyboard.
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { ChangeSet, Compartment, EditorSelection, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { eppLanguage } from './epp-mode.js';
import { inlineResults, setInlineResults } from './inline-results.js';
import { evaluationMarksOf, lintMarksOf, setEvaluationMarks, setLintMarks, squiggles as squiggleMarks } from './marks.js';
import { puppetLanguage } from './puppet-mode.js';
import { docsHover, setRecorded, valueHover } from './value-hover.js';
import { engineCompletion } from './completion.js';
import { goToDefinition } from './definition.js';
import { findReferences } from './references.js';
import { signatureHelp } from './signature-help.js';
import editorCss from './editor.css?inline';
import './document-styles.js';

/**
 * Results arrive for the texts as they were sent; the user may have typed since. A snapshot collects,
 * per file, the changes made after a request so that the answer's positions can be mapped onto the
 * current text.
 */
class Snapshots {
  constructor() {
    this.live = new Map(); // id → Map(path → ChangeSet)
  }

  /** Request `id` sees these files: `lengths` is path → document length. */
  take(id, lengths) {
    this.live.set(id, new Map([...lengths].map(([path, length]) => [path, ChangeSet.empty(length)])));
  }

  /** A document made after some requests: what they saw of it is its text now. */
  adopt(path, length) {
    for (const files of this.live.values()) if (!files.has(path)) files.set(path, ChangeSet.empty(length));
  }

  record(path, changes) {
    for (const files of this.live.values()) {
      const set = files.get(path);
      if (set) files.set(path, set.compose(changes));
    }
  }

  rename(from, to) {
    for (const files of this.live.values()) {
      if (files.has(from)) {
        files.set(to, files.get(from));
        files.delete(from);
      }
    }
  }

  /**
   * The changes since request `id` per file, or null; every older request's are dropped (they answer no more),
   * and, unless `keep` (more of its answer is to come), its own.
   */
  claim(id, keep = false) {
    const files = this.live.get(id) ?? null;
    for (const key of [...this.live.keys()]) if (key < id || (key === id && !keep)) this.live.delete(key);
    return files;
  }

  clear() {
    this.live.clear();
  }
}

/**
 * A document's text as one string, made once per document: the page's change listener, completion and signature
 * help each want it after a keystroke (a 3,000-line file's text is 100 KB to copy).
 */
const texts = new WeakMap();
function textOfDoc(doc) {
  let text = texts.get(doc);
  if (text === undefined) {
    text = doc.toString();
    texts.set(doc, text);
  }
  return text;
}

/**
 * The editor lives in the page's document, its styles (editor.css, and CodeMirror's through
 * src/document-styles.js) in constructed stylesheets the document adopts, which `style-src 'self'` allows where a
 * <style> element is blocked. (Not in a shadow root: Chromium lays out the page whenever CodeMirror reads a shadow
 * root's selection, on every key and every result; docs/page.md, "Typing".) `host` gets the class `cm-host`.
 */
const editorSheets = new WeakMap();
function editorRootIn(host) {
  const doc = host.ownerDocument;
  if (!editorSheets.has(doc)) {
    const sheet = new doc.defaultView.CSSStyleSheet();
    sheet.replaceSync(editorCss);
    editorSheets.set(doc, sheet);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
  host.classList.add('cm-host');
  return doc;
}

/**
 * Typing or deleting over a selection is applied by CodeMirror itself rather than by the browser: Chrome's native
 * replacement of styled text adds `<span style="...">` to keep the look, which `style-src 'self'`
 * blocks (and reports). Bracket wrapping and other input handlers still get their turn first.
 */
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (view.composing) return false;
    const replacing = /^delete(Content(Backward|Forward)|ByCut)$/.test(event.inputType);
    if (!replacing && !(event.inputType === 'insertText' && event.data)) return false;
    // The range the browser is about to replace: the DOM selection can be ahead of CodeMirror's state
    // (a select-all followed at once by typing), so read it from the event when it has one.
    let { from, to } = view.state.selection.main;
    const [range] = event.getTargetRanges ? event.getTargetRanges() : [];
    if (range) {
      try {
        from = view.posAtDOM(range.startContainer, range.startOffset);
        to = view.posAtDOM(range.endContainer, range.endOffset);
      } catch {
        // A node outside the editor's content: keep the state's selection.
      }
    }
    if (from === to) return false;
    event.preventDefault();
    if (replacing) {
      view.dispatch({ changes: { from, to }, selection: { anchor: from }, userEvent: 'delete.selection', scrollIntoView: true });
      return true;
    }
    const insert = () => ({
      changes: { from, to, insert: event.data },
      selection: { anchor: from + event.data.length },
    });
    const handled = view.state
      .facet(EditorView.inputHandler)
      .some((handler) => handler(view, from, to, event.data, () => view.state.update(insert())));
    if (!handled) view.dispatch({ ...insert(), userEvent: 'input.type', scrollIntoView: true });
    return true;
  },
});

/**
 * Tab as CodeMirror's guide to Tab handling advises: while the editor has the focus and the user has not
 * typed in it yet, Tab and Shift+Tab move the focus on (the editor is a stop, not a trap); once they type,
 * Tab indents; Escape then Tab leaves (CodeMirror's own), and Ctrl+M switches (its default keymap).
 */
const tabLeavesUntilTyping = [
  // On the focus event itself: CodeMirror reports a focus change 10 ms later (a timer, later still on a
  // busy machine), and a quick second Tab could come first and indent.
  EditorView.domEventHandlers({
    focus(_event, view) {
      view.setTabFocusMode(true);
      return false;
    },
  }),
  EditorView.updateListener.of((update) => {
    if (update.transactions.some((tr) => tr.docChanged && (tr.isUserEvent('input') || tr.isUserEvent('delete')))) {
      update.view.setTabFocusMode(false);
    }
  }),
];

/** What a lint squiggle's hover names as its source, before the check's name. */
const LINT_SOURCE = 'puppet-lint';

/**
 * A lint finding ({ from, to, kind, check, message }, places already mapped) as a squiggle of its own kind:
 * the hover shows puppet-lint's message and, below it, the check's name.
 */
const lintDiagnostic = (f) => {
  const severity = f.kind === 'error' ? 'error' : 'warning';
  return { from: f.from, to: f.to, severity, message: f.message, source: `${LINT_SOURCE}: ${f.check}`, markClass: `cm-lint cm-lint-${severity}` };
};

const DIAGNOSTIC_FIELDS = ['from', 'to', 'severity', 'message', 'source', 'markClass'];
/** Squiggles in one order whatever order they were given in (by place, then by what they say). */
const byPlace = (a, b) => {
  for (const field of DIAGNOSTIC_FIELDS) {
    const x = a[field] ?? '';
    const y = b[field] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/** Whether two lists of squiggles mark the same places with the same words (in any order). */
function sameDiagnostics(shown, wanted) {
  if (shown.length !== wanted.length) return false;
  const a = [...shown].sort(byPlace);
  const b = [...wanted].sort(byPlace);
  return a.every((d, i) => byPlace(d, b[i]) === 0);
}

/** A diagnostic's text for the squiggle's hover: the message, then each note. */
const withNotes = (d) => [d.message, ...(d.notes ?? []).map((n) => `note: ${n.message}`)].join('\n');

/** The language of a file by its name: Puppet for .pp, EPP for .epp, plain text otherwise. */
const isPuppetPath = (path) => /\.pp$/i.test(path);

export function languageFor(path) {
  if (/\.pp$/i.test(path)) return puppetLanguage;
  if (/\.epp$/i.test(path)) return eppLanguage;
  return [];
}

/**
 * One editor view over many files: each file keeps its own EditorState (text, undo history, cursor,
 * squiggles), swapped in with `view.setState` when it is opened. `onChange(path, text)` reports edits.
 */
export function createEditor({ parent, doc, path: firstPath, onChange, onRun, label, complete = null, docs = null, signature = null, record = null, onDefinition = null, onCursor = null, onReferences = null }) {
  const snapshots = new Snapshots();
  const root = editorRootIn(parent);
  const language = new Compartment();
  const shared = [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    syntaxHighlighting(classHighlighter),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    squiggleMarks,
    inlineResults,
    // The values for hover: the last run's, or (after a run of the light engine) asked of the full engine.
    valueHover(record ? (state) => record(current, textOfDoc(state.doc)) : null),
    // Completion for Puppet files, when the page answers it (`complete(path, text, pos)`).
    complete ? engineCompletion((state, pos) => (isPuppetPath(current) ? complete(current, textOfDoc(state.doc), pos) : null)) : [],
    // What the engine says of a name under the mouse (`docs(path, text, pos)`).
    docs ? docsHover((state, pos) => (isPuppetPath(current) ? docs(current, textOfDoc(state.doc), pos) : null)) : [],
    // Inside a call's parentheses, its signatures with the parameter at the cursor (`signature(path, text, pos)`).
    signature ? signatureHelp((state, pos) => (isPuppetPath(current) ? signature(current, textOfDoc(state.doc), pos) : Promise.resolve(null))) : [],
    // Ctrl/Cmd+click and F12 on a name in a Puppet file (`onDefinition(path, pos)`).
    onDefinition ? goToDefinition((pos) => isPuppetPath(current) && onDefinition(current, pos)) : [],
    // Shift+F12 on a name: every place that names it (`onReferences(path, pos)`; a data file's key too).
    onReferences ? findReferences((pos) => onReferences(current, pos)) : [],
    typeOverSelection,
    Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (onRun(), true) }])),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
    EditorView.lineWrapping,
    tabLeavesUntilTyping,
    // tabindex: the scroller's content is focusable for every checker too (contenteditable alone is not, to some).
    EditorView.contentAttributes.of({ 'data-testid': 'editor', 'aria-label': label, tabindex: '0' }),
    // Only the view's state gets here: the open file.
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      snapshots.record(current, update.changes);
      onChange(current, textOfDoc(update.state.doc));
    }),
    // Where the cursor of the open file is, as it moves (`onCursor(path, pos)`).
    onCursor ? EditorView.updateListener.of((u) => (u.selectionSet || u.docChanged) && onCursor(current, u.state.selection.main.head)) : [],
  ];
  const makeState = (path, text) =>
    EditorState.create({ doc: text, extensions: [shared, language.of(languageFor(path))] });

  /** Path → EditorState of every file opened so far except the one in the view. */
  const states = new Map();
  /** What the last result said of files not opened yet: path → { text, diagnostics, hints }. */
  const pending = new Map();
  let current = firstPath;
  const view = new EditorView({ root, parent, state: makeState(current, doc) });
  const stateOf = (path) => (path === current ? view.state : states.get(path));

  /**
   * The effects that show a file's results: squiggles with hover text, inline results and the values for hover
   * (lint's squiggles, a kind of their own, are not touched; squiggles the same as those shown are left as they are).
   */
  const resultEffects = (state, { diagnostics, hints, recorded = [] }, recordedFollows = false, failed = false) => {
    const squiggles = diagnostics.flatMap((d) => [
      { from: d.from, to: d.to, severity: d.severity === 'error' ? 'error' : 'warning', message: withNotes(d), markClass: 'cm-eval' },
      // A note with a place of its own (where a comma belongs, the bracket left open) marks it.
      ...(d.notes ?? [])
        .filter((n) => n.from !== undefined && n.file === d.file)
        .map((n) => ({ from: n.from, to: n.to, severity: 'info', message: `note: ${n.message}`, markClass: 'cm-eval' })),
    ]);
    return [
      ...(sameDiagnostics(evaluationMarksOf(state), squiggles) ? [] : [setEvaluationMarks.of(squiggles)]),
      setInlineResults.of({ hints, keep: failed }),
      ...(recordedFollows ? [] : [setRecorded.of(recorded)]),
    ];
  };

  /**
   * The effects that show lint findings (null: none) in place of the file's earlier ones (evaluation's squiggles
   * stay); none when they are those shown (a 3,000-line file's hundreds of squiggles are not made again).
   */
  const lintEffects = (state, findings) => {
    const squiggles = (findings ?? []).map(lintDiagnostic);
    return sameDiagnostics(lintMarksOf(state), squiggles) ? [] : [setLintMarks.of(squiggles)];
  };

  const clamp = (pos) => Math.min(Math.max(pos, 0), view.state.doc.length);

  return {
    view,
    text: () => textOfDoc(view.state.doc),
    get path() {
      return current;
    },

    /** Show `path` (whose text is `text` if it has not been opened before); its state is kept while hidden. */
    open(path, text) {
      if (path === current) return;
      states.set(current, view.state);
      let state = states.get(path);
      if (!state) {
        state = makeState(path, text);
        snapshots.adopt(path, state.doc.length);
        const results = pending.get(path);
        pending.delete(path);
        if (results && results.text === text) state = state.update({ effects: resultEffects(state, results) }).state;
      }
      states.delete(path);
      current = path;
      view.setState(state);
    },

    /** A file was renamed (or moved): its state follows, and its language if the extension changed. */
    rename(from, to) {
      for (const map of [states, pending]) {
        if (!map.has(from)) continue;
        map.set(to, map.get(from));
        map.delete(from);
      }
      snapshots.rename(from, to);
      const relanguage = (state) => state.update({ effects: language.reconfigure(languageFor(to)) }).state;
      if (states.has(to)) states.set(to, relanguage(states.get(to)));
      if (current === from) {
        current = to;
        view.dispatch({ effects: language.reconfigure(languageFor(to)) });
      }
    },

    /** Forget a deleted file. (The caller opens another one first if it was open.) */
    drop(path) {
      states.delete(path);
      pending.delete(path);
    },

    /** Start over with a new environment: every state is dropped, `path` is opened with `text`. */
    reset(path, text) {
      states.clear();
      pending.clear();
      snapshots.clear();
      current = path;
      view.setState(makeState(path, text));
    },

    /** Remember the texts as request `id` sees them (every opened file). */
    snapshot(id) {
      const lengths = new Map([...states].map(([path, state]) => [path, state.doc.length]));
      lengths.set(current, view.state.doc.length);
      snapshots.take(id, lengths);
    },

    /**
     * A function giving, per file, a function mapping request `id`'s positions to current ones
     * (identity where nothing changed).
     */
    mappersFor(id, { keep = false } = {}) {
      const files = snapshots.claim(id, keep);
      return (path) => {
        const changes = files?.get(path);
        const length = stateOf(path)?.doc.length;
        return (pos, assoc = -1) => {
          const mapped = changes ? changes.mapPos(Math.min(pos, changes.length), assoc) : pos;
          return length === undefined ? mapped : Math.min(Math.max(mapped, 0), length);
        };
      };
    },

    /** Replace the open file's text (one undoable change). */
    replace(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },

    /**
     * Show a result's squiggles and inline results: `byPath` is path → { diagnostics (with `from`/`to`
     * already mapped), hints ({ pos, text }), recorded }, `texts` path → the text the result is for. Files not
     * in `byPath` are cleared. With `recordedFollows`, the values for hover are left as they are until
     * `showRecorded` brings the run's.
     */
    showResults(byPath, texts, { recordedFollows = false, failed = false } = {}) {
      const none = { diagnostics: [], hints: [] };
      pending.clear();
      for (const [path, results] of byPath) {
        if (!stateOf(path)) pending.set(path, { ...results, text: texts(path) });
      }
      for (const [path, state] of states) states.set(path, state.update({ effects: resultEffects(state, byPath.get(path) ?? none, recordedFollows, failed) }).state);
      view.dispatch({ effects: resultEffects(view.state, byPath.get(current) ?? none, recordedFollows, failed) });
    },

    /**
     * The values recorded for hover by the run whose results `showResults` showed with `recordedFollows`:
     * `byPath` is path → [{ from, to, count, values }] (places mapped); files not in it have none.
     */
    showRecorded(byPath) {
      for (const [path, results] of pending) results.recorded = byPath.get(path) ?? [];
      for (const [path, state] of states) states.set(path, state.update({ effects: setRecorded.of(byPath.get(path) ?? []) }).state);
      view.dispatch({ effects: setRecorded.of(byPath.get(current) ?? []) });
    },

    /**
     * Show puppet-lint's findings for `path` (`{ from, to, kind, check, message }`, places mapped onto
     * its text now) in place of its earlier ones; null clears them. A file not opened yet gets them when
     * it is linted after opening.
     */
    showLint(path, findings) {
      const state = stateOf(path);
      const effects = state ? lintEffects(state, findings) : [];
      if (!effects.length) return;
      if (path === current) view.dispatch({ effects });
      else states.set(path, state.update({ effects }).state);
    },

    /** Clear the lint squiggles of every file. */
    clearLint() {
      for (const [path, state] of states) states.set(path, state.update({ effects: lintEffects(state, null) }).state);
      view.dispatch({ effects: lintEffects(view.state, null) });
    },

    /** Apply `changes` (positions in the open file's text now) as one edit that one undo takes back. */
    applyChanges(changes, userEvent) {
      if (!changes.length) return;
      view.dispatch({ changes, userEvent, annotations: isolateHistory.of('full'), scrollIntoView: true });
    },

    /** Select a range of the open file and bring it into view, focusing the editor. */
    select(from, to) {
      view.dispatch({
        selection: EditorSelection.single(clamp(from), clamp(to)),
        effects: EditorView.scrollIntoView(clamp(from), { y: 'center' }),
      });
      view.focus();
    },

    focus() {
      view.focus();
    },

    /** The open file's name and text, and the cursor's offset in it. */
    cursor() {
      return { path: current, text: textOfDoc(view.state.doc), pos: view.state.selection.main.head };
    },
  };
}
