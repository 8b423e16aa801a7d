// Completion from the engine (the full one answers): keywords, functions with their signatures, types, resource types and their attributes, variables, the facts' keys, the environment's classes.
import { autocompletion } from '@codemirror/autocomplete';

/** The engine's kinds as CodeMirror's option types (their icons). */
const TYPES = {
  keyword: 'keyword',
  function: 'function',
  type: 'type',
  resource: 'class',
  attribute: 'property',
  variable: 'variable',
  class: 'namespace',
  fact: 'property',
};

/** What is offered at an empty word without being asked (Ctrl+Space): only what fits that place alone. */
const CONTEXTUAL = new Set(['attribute', 'variable', 'fact']);

/** One engine item as a CodeMirror option: a function's first signature beside its name, all of it (and its description) in the info panel. */
export function toOption(item) {
  const [first = ''] = (item.detail ?? '').split('\n');
  const detail = item.kind === 'function' && first.startsWith(`${item.label}(`) ? first.slice(item.label.length) : first;
  return { label: item.label, type: TYPES[item.kind] ?? 'text', detail: detail || undefined, info: item.detail || undefined };
}

/**
 * The editor's completion: `ask(state, pos)` resolves to the engine's `{ from, items }` (UTF-16 offsets,
 * what CodeMirror counts) or null.
 */
export function engineCompletion(ask) {
  return autocompletion({
    override: [
      async (context) => {
        const answer = await ask(context.state, context.pos);
        if (!answer || context.aborted) return null;
        let { items } = answer;
        if (answer.from === context.pos && !context.explicit) items = items.filter((item) => CONTEXTUAL.has(item.kind));
        if (!items.length) return null;
        return { from: answer.from, options: items.map(toOption), validFor: /^[\w:]*$/ };
      },
    ],
  });
}
