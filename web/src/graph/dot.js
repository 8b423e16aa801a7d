// The catalog graph as GraphViz DOT, as `puppet apply --graph` writes relationships.dot: every class and resource a
// node (the implicit containers included), the relationship edges (before/require/notify/subscribe, from what is
// applied first); Puppet's file has no containment edges, and neither has this one.
const quote = (text) => `"${text.replaceAll('"', '\\"')}"`;

export function graphDot(graph) {
  const lines = ['digraph Relationships {', '    label = "Relationships"'];
  for (const node of graph.nodes) {
    lines.push(`    ${quote(node.reference)} [`, '        fontsize = 8,', `        label = ${quote(node.reference)}`, '    ]', '');
  }
  for (const edge of graph.edges) {
    if (edge.kind === 'contains') continue;
    const from = graph.nodes[edge.source].reference;
    const to = graph.nodes[edge.target].reference;
    lines.push(`    ${quote(from)} -> ${quote(to)} [`, '        fontsize = 8', '    ]', '');
  }
  lines.push('}', '');
  return lines.join('\n');
}
