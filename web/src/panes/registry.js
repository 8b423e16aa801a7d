// The page's panes as data, in their groups: the tabs, the Help dialog's list of panes, the command palette and share links all read it.

/** The groups of the tab bar, in order; `tucked`: shown only once asked for (the developer views). */
export const PANE_GROUPS = Object.freeze([
  { id: 'results', title: 'Results' },
  { id: 'environment', title: 'Environment tools' },
  { id: 'developer', title: 'Developer views', tucked: true },
]);

/**
 * Every pane: `id` (its tab is `tab-<id>`, its panel `panel-<id>`, share links name it `pane=<id>`), `title`
 * (the tab's label), `count` (the id of the span after the label that says how many items it holds), `group`,
 * and `help`: what it shows, in a sentence (the Help dialog lists it).
 */
export const PANES = Object.freeze([
  { id: 'output', title: 'Output', group: 'results', help: 'what the program logs, as puppet apply prints it (notice and above; info and debug on request)' },
  { id: 'catalog', title: 'Catalog', count: 'catalog-count', group: 'results', help: 'the compiled classes and resources as a manifest declares them; click one to select its declaration' },
  { id: 'compare', title: 'Compare', count: 'compare-count', group: 'results', help: 'the catalog against one you pinned: the classes, resources and attributes added, removed and changed as you edit or choose other facts' },
  { id: 'facts', title: 'Facts', count: 'facts-mark', group: 'environment', help: "the node the code compiles for: its certname and its facts as JSON" },
  { id: 'lookup', title: 'Lookup', count: 'lookup-count', group: 'environment', help: "a Hiera key's value with puppet lookup --explain's trace, and the program's own lookups" },
  { id: 'lint', title: 'Lint', count: 'lint-count', group: 'environment', help: "puppet-lint's findings for the open file, Fix all (with a preview) and the checks to run" },
  { id: 'graph', title: 'Graph', count: 'graph-count', group: 'environment', help: 'the catalog drawn as a graph, its relationships and dependency cycles' },
  { id: 'outline', title: 'Outline', count: 'outline-count', group: 'environment', help: "the open file's classes, resources and statements; click one to go there" },
  { id: 'ast', title: 'AST', group: 'developer', help: "the open file's syntax tree; click a range to select that code" },
  { id: 'tokens', title: 'Tokens', group: 'developer', help: "the open file's tokens as the lexer reads them" },
]);

export const paneById = (id) => PANES.find((pane) => pane.id === id) ?? null;

/** Whether the pane is one of the tucked-away groups' (shown only once asked for). */
export const isTucked = (pane) => PANE_GROUPS.find((group) => group.id === pane.group)?.tucked === true;
