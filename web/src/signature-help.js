// Signature help: inside a call's parentheses, the called function's signatures above the cursor, the parameter the cursor is on marked (the engine finds the call and counts the arguments).
import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, ViewPlugin, keymap, showTooltip } from '@codemirror/view';

/** Show `{ pos, help }` (help as the engine answers it), or hide with null. */
const setHelp = StateEffect.define();

const helpField = StateField.define({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setHelp)) return effect.value;
    if (value && tr.docChanged) return { ...value, pos: tr.changes.mapPos(value.pos) };
    return value;
  },
  provide: (field) => showTooltip.from(field, (value) => (value ? { pos: value.pos, above: true, strictSide: false, create: () => ({ dom: helpDom(value.help) }) } : null)),
});

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text; // signatures come from the user's code too: text only
  return node;
};

/** One line per signature; the fitting one is marked, and in it the parameter the cursor is on. */
export function helpDom(help) {
  const dom = element('div', 'cm-signature-help');
  dom.dataset.testid = 'signature-help';
  help.signatures.forEach((signature, index) => {
    const active = index === help.activeSignature;
    const line = element('div', active ? 'cm-signature cm-signature-active' : 'cm-signature');
    const range = active && help.activeParameter != null ? signature.parameters[help.activeParameter] : null;
    if (range) {
      const [from, to] = range;
      const mark = element('mark', 'cm-signature-parameter', signature.label.slice(from, to));
      line.append(signature.label.slice(0, from), mark, signature.label.slice(to));
    } else {
      line.textContent = signature.label;
    }
    dom.append(line);
  });
  if (help.doc) dom.append(element('div', 'cm-signature-doc', help.doc));
  return dom;
}

/**
 * The editor extension: after each edit or cursor move (while the editor has focus) `ask(state, pos)`
 * resolves to the engine's signature help at the cursor, or null; an answer for a state that has moved on
 * is dropped. Escape hides it until the next edit or move.
 */
export function signatureHelp(ask) {
  const asker = ViewPlugin.fromClass(
    class {
      constructor(view) {
        this.view = view;
        this.timer = null;
        this.asked = 0;
      }

      update(update) {
        if (!update.docChanged && !update.selectionSet) return;
        clearTimeout(this.timer);
        const { state } = update;
        if (!update.view.hasFocus || !state.selection.main.empty) {
          if (state.field(helpField)) queueMicrotask(() => this.view.dispatch({ effects: setHelp.of(null) }));
          return;
        }
        // A short pause: typing a word asks once, not at every key.
        this.timer = setTimeout(() => this.ask(state), 60);
      }

      async ask(state) {
        const asked = ++this.asked;
        const pos = state.selection.main.head;
        const help = await ask(state, pos).catch(() => null);
        if (asked !== this.asked || this.view.state.doc !== state.doc || this.view.state.selection.main.head !== pos) return;
        const shown = help && help.signatures?.length ? { pos, help } : null;
        if (shown || this.view.state.field(helpField)) this.view.dispatch({ effects: setHelp.of(shown) });
      }

      destroy() {
        clearTimeout(this.timer);
      }
    },
  );
  const hide = (view) => {
    if (!view.state.field(helpField)) return false;
    view.dispatch({ effects: setHelp.of(null) });
    return true;
  };
  return [helpField, asker, keymap.of([{ key: 'Escape', run: hide }]), EditorView.domEventHandlers({ blur: (_, view) => void hide(view) })];
}
