// The CodeMirror 6 editor: Puppet highlighting, line numbers, brackets, indentation, squiggles, inline results, Mod-Enter.
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { ChangeSet, EditorSelection, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { inlineResults, setInlineResults } from './inline-results.js';
import { puppetLanguage } from './puppet-mode.js';
import editorCss from './editor.css?inline';

/**
 * Results arrive for the text as it was sent; the user may have typed since. A snapshot collects the
 * changes made after a request so that the answer's positions can be mapped onto the current text.
 */
class Snapshots {
  constructor() {
    this.live = new Map();
  }

  take(id, length) {
    this.live.set(id, ChangeSet.empty(length));
  }

  record(changes) {
    for (const [id, set] of this.live) this.live.set(id, set.compose(changes));
  }

  /** The changes since request `id` (unless `keep`, dropping it and every older one), or null if unknown. */
  claim(id, keep = false) {
    const changes = this.live.get(id) ?? null;
    if (!keep) for (const key of [...this.live.keys()]) if (key <= id) this.live.delete(key);
    return changes;
  }
}

/**
 * The editor lives in a shadow root: there CodeMirror's style-mod injects its styles as constructed
 * stylesheets, which `style-src 'self'` allows; in the document itself it would add a <style> element,
 * which the CSP blocks.
 */
function shadowRootIn(host) {
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(editorCss);
  root.adoptedStyleSheets = [sheet];
  return root;
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

export function createEditor({ parent, doc, onChange, onRun, label }) {
  const snapshots = new Snapshots();
  const root = shadowRootIn(parent);
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        indentUnit.of('  '),
        EditorState.tabSize.of(2),
        puppetLanguage,
        syntaxHighlighting(classHighlighter),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        lintGutter(),
        inlineResults,
        typeOverSelection,
        Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (onRun(), true) }])),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'data-testid': 'editor', 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          snapshots.record(update.changes);
          onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  const clamp = (pos) => Math.min(Math.max(pos, 0), view.state.doc.length);

  return {
    view,
    text: () => view.state.doc.toString(),

    /** Remember the text as request `id` sees it. */
    snapshot(id) {
      snapshots.take(id, view.state.doc.length);
    },

    /** A function mapping request `id`'s positions to current ones (identity if nothing changed). */
    mapperFor(id, { keep = false } = {}) {
      const changes = snapshots.claim(id, keep);
      return (pos, assoc = -1) => clamp(changes ? changes.mapPos(Math.min(pos, changes.length), assoc) : pos);
    },

    replace(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },

    /** Squiggles with hover text; `diagnostics` have UTF-16 `start`/`end`, already mapped. */
    showDiagnostics(diagnostics) {
      view.dispatch(
        setDiagnostics(
          view.state,
          diagnostics.map((d) => ({
            from: d.from,
            to: d.to,
            severity: d.severity === 'error' ? 'error' : 'warning',
            message: d.message,
          })),
        ),
      );
    },

    showInlineResults(hints) {
      view.dispatch({ effects: setInlineResults.of(hints) });
    },

    /** Select a range and bring it into view, focusing the editor. */
    select(from, to) {
      view.dispatch({
        selection: EditorSelection.single(clamp(from), clamp(to)),
        effects: EditorView.scrollIntoView(clamp(from), { y: 'center' }),
      });
      view.focus();
    },
  };
}
