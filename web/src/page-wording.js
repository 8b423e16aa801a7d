// Where Puppet's messages point at tools of the command line, the page points at its own: the engine and the CLI keep Puppet's words, the page shows these.

/** Puppet's advice after a dependency cycle, for `puppet apply --graph` (cycles_message in core/src/eval/cycles.rs). */
const GRAPH_ADVICE = "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz";
/** The page's: its Graph pane draws the cycle (and Download .dot writes Puppet's relationships.dot). */
export const PAGE_GRAPH_ADVICE = 'Open the Graph pane to see the cycle drawn in red (Download .dot there writes the file --graph would).';

/** The embedded view's: it has no Graph pane, the playground it opens has. */
export const EMBED_GRAPH_ADVICE = 'Open it in the playground to see the cycle drawn in its Graph pane.';

const replaceAdvice = (message, advice) =>
  typeof message === 'string' && message.includes(GRAPH_ADVICE) ? message.replace(GRAPH_ADVICE, advice) : message;

/**
 * Puppet's "no parameter named 'x' (file: F, line: N) on Type[title]" names the resource's file and line in its
 * text; the page places the diagnostic at the attribute itself, so where the file is the diagnostic's own, the
 * place is said by the squiggle and the row, not twice in the words.
 */
const OWN_PLACE = /^(no parameter named '[^']*') \(file: ([^,()]*), line: \d+\)( on )/;
const withoutOwnPlace = (message, file) =>
  typeof message === 'string' && file ? message.replace(OWN_PLACE, (all, what, path, on) => (path === file ? `${what}${on}` : all)) : message;

/** A diagnostic's message as the page shows it (`file`: the file the diagnostic is placed in). */
export const pageMessage = (message, file) => withoutOwnPlace(replaceAdvice(message, PAGE_GRAPH_ADVICE), file);

/** A diagnostic's message as the embedded view shows it. */
export const embedMessage = (message) => replaceAdvice(message, EMBED_GRAPH_ADVICE);
