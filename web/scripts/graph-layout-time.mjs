// Measures how long dagre (the Graph pane's layout, in its worker) takes to lay out catalog-shaped graphs of 100, 1,000 and 3,000 resources
// (classes of 10 resources each, chained by before edges, as the Graph pane draws them).
import dagre from '@dagrejs/dagre';

function catalogGraph(resources) {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 48, edgesep: 8, marginx: 16, marginy: 16 }); // as the pane's worker
  g.setDefaultEdgeLabel(() => ({}));
  let cls = null;
  for (let i = 0; i < resources; i++) {
    if (i % 10 === 0) {
      cls = `Class[C${i / 10}]`;
      g.setNode(cls, { width: 120, height: 24 });
    }
    const id = `File[/f${i}]`;
    g.setNode(id, { width: 120, height: 24 });
    g.setEdge(cls, id, {}, 'contains');
    if (i % 10 !== 0) g.setEdge(`File[/f${i - 1}]`, id, {}, 'before');
  }
  return g;
}

for (const n of [100, 1000, 3000]) {
  const g = catalogGraph(n);
  const t0 = performance.now();
  dagre.layout(g);
  const ms = performance.now() - t0;
  console.log(`${n} resources (${g.nodeCount()} nodes, ${g.edgeCount()} edges): ${ms.toFixed(0)} ms`);
}
