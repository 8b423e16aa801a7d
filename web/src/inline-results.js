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
      decorations = Decoration.set(
        [...byLine].map(([at, texts]) =>
          Decoration.widget({ widget: new ResultWidget(texts.join('   ')), side: 1 }).range(at),
        ),
        true,
      );
    }
    return decorations;
  },
  provide: (field) => EditorView.decorations.from(field),
});
