// Inline results: each top-level statement's value and type shown at the end of its line, like inlay hints.
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

/** Whether `decorations` are the widgets `wanted` (`[at, text]` by place), in that order. */
function sameWidgets(decorations, wanted) {
  if (decorations.size !== wanted.length) return false;
  let index = 0;
  for (let cursor = decorations.iter(); cursor.value; cursor.next(), index += 1) {
    const [at, text] = wanted[index];
    if (cursor.from !== at || cursor.value.spec.widget.text !== text) return false;
  }
  return true;
}

/** Replace the hints: `hints` are `{ pos, text }` with `pos` a document offset (the hint goes at its line's end). */
export const setInlineResults = StateEffect.define();

export const inlineResults = StateField.define({
  create: () => Decoration.none,
  update(decorations, tr) {
    decorations = decorations.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setInlineResults)) continue;
      const byLine = new Map();
      for (const { pos, text } of effect.value) {
        const line = tr.state.doc.lineAt(Math.min(Math.max(pos, 0), tr.state.doc.length));
        byLine.set(line.to, [...(byLine.get(line.to) ?? []), text]);
      }
      const wanted = [...byLine].map(([at, texts]) => [at, texts.join('   ')]).sort((a, b) => a[0] - b[0]);
      // The same hints at the same places (a run whose statements did not change): the set stays as it is, so
      // the view has nothing to compare or draw again.
      if (sameWidgets(decorations, wanted)) continue;
      decorations = Decoration.set(
        wanted.map(([at, text]) => Decoration.widget({ widget: new ResultWidget(text), side: 1 }).range(at)),
        true,
      );
    }
    return decorations;
  },
  provide: (field) => EditorView.decorations.from(field),
});
