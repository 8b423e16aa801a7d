// Inline results: each top-level statement's value and type shown at the end of its line, like inlay hints; a result that failed keeps those shown (dimmed), and a new result changes only the hints that differ.
//
// Why: typing makes the text fail and pass in turn (a space, then the next word), and a failed run has no statements.
// Taking every hint away on each failure and putting them all back on the next result made the editor rebuild, compare
// and redraw about a thousand widgets of a 3,000-line manifest twice per word typed, most of a result's task at 4x
// CPU throttling (docs/page.md, "Typing"). The hints of a failed run's text stay where they were (those whose text is
// deleted go), marked stale with the editor's class `cm-results-stale`, until a result has hints again.
import { StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, WidgetType } from '@codemirror/view';

class ResultWidget extends WidgetType {
  constructor(text) {
    super();
    this.text = text;
  }

  eq(other) {
    return other.text === this.text;
  }

  toDOM() {
    const span = document.createElement('span');
    span.className = 'cm-inline-result';
    span.textContent = this.text; // values are user data: text only, never HTML
    span.title = this.text;
    return span;
  }

  ignoreEvent() {
    return false;
  }
}

/** The hints a set shows: `[at, text]` in order. */
function shown(decorations) {
  const list = [];
  for (const cursor = decorations.iter(); cursor.value; cursor.next()) list.push([cursor.from, cursor.value.spec.widget.text]);
  return list;
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const widget = ([at, text]) => Decoration.widget({ widget: new ResultWidget(text), side: 1 }).range(at);

/**
 * `decorations` changed to show `wanted` (`[at, text]` by place, one per place): the hints before the first that
 * differs and after the last that differs are kept as they are (the view compares and draws only the stretch between).
 */
export function withHints(decorations, wanted) {
  const current = shown(decorations);
  let start = 0;
  while (start < current.length && start < wanted.length && same(current[start], wanted[start])) start += 1;
  let endCurrent = current.length;
  let endWanted = wanted.length;
  while (endCurrent > start && endWanted > start && same(current[endCurrent - 1], wanted[endWanted - 1])) {
    endCurrent -= 1;
    endWanted -= 1;
  }
  if (start === endCurrent && start === endWanted) return decorations;
  const add = wanted.slice(start, endWanted).map(widget);
  if (start === endCurrent) return decorations.update({ add, sort: true });
  // The hints between hold places of their own (one per line end): filtering that stretch takes exactly them away.
  return decorations.update({ add, sort: true, filter: () => false, filterFrom: current[start][0], filterTo: current[endCurrent - 1][0] });
}

/**
 * Replace the hints: `{ hints, keep }`, `hints` being `{ pos, text }` with `pos` a document offset (the hint goes at
 * its line's end); `keep`: the run failed and has none, so those shown stay, marked stale.
 */
export const setInlineResults = StateEffect.define();

const hintsField = StateField.define({
  create: () => ({ decorations: Decoration.none, stale: false }),
  update(value, tr) {
    let { decorations, stale } = value;
    decorations = decorations.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setInlineResults)) continue;
      const { hints, keep = false } = effect.value;
      if (keep && !hints.length) {
        stale = decorations.size > 0;
        continue;
      }
      stale = false;
      const byLine = new Map();
      for (const { pos, text } of hints) {
        const line = tr.state.doc.lineAt(Math.min(Math.max(pos, 0), tr.state.doc.length));
        byLine.set(line.to, [...(byLine.get(line.to) ?? []), text]);
      }
      const wanted = [...byLine].map(([at, texts]) => [at, texts.join('   ')]).sort((a, b) => a[0] - b[0]);
      decorations = withHints(decorations, wanted);
    }
    return decorations === value.decorations && stale === value.stale ? value : { decorations, stale };
  },
  provide: (field) => [
    EditorView.decorations.from(field, (value) => value.decorations),
    EditorView.editorAttributes.from(field, (value) => (value.stale ? { class: 'cm-results-stale' } : {})),
  ],
});

export const inlineResults = hintsField;
