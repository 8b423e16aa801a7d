// Go to definition: Ctrl/Cmd+click or F12 on a name asks the page where it is defined (the engine answers; the page opens that file there).
import { EditorView, keymap } from '@codemirror/view';

/** `ask(pos)` is called with the document offset of the name. */
export function goToDefinition(ask) {
  return [
    EditorView.domEventHandlers({
      mousedown(event, view) {
        if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        if (pos == null) return false;
        event.preventDefault();
        ask(pos);
        return true;
      },
    }),
    keymap.of([{ key: 'F12', run: (view) => (ask(view.state.selection.main.head), true) }]),
  ];
}
