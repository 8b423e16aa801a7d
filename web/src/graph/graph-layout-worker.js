// The Graph pane's layout worker: lays out a catalog graph with dagre (@dagrejs/dagre, a layered layout as GraphViz's
// dot draws) off the page's thread, so that a catalog of thousands of resources never freezes the page.
import dagre from '@dagrejs/dagre';

self.onmessage = ({ data }) => {
  const { id, nodes, edges } = data;
  const started = performance.now();
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 48, edgesep: 8, marginx: 16, marginy: 16 });
  nodes.forEach((node, i) => g.setNode(String(i), { width: node.width, height: node.height }));
  edges.forEach(([source, target], i) => {
    if (source !== target) g.setEdge(String(source), String(target), {}, String(i));
  });
  dagre.layout(g);
  const placed = nodes.map((_, i) => {
    const { x, y } = g.node(String(i));
    return [x, y];
  });
  const routes = edges.map(([source, target], i) => {
    if (source === target) return null;
    const edge = g.edge(String(source), String(target), String(i));
    return edge?.points?.map((p) => [p.x, p.y]) ?? null;
  });
  const { width, height } = g.graph();
  self.postMessage({ id, nodes: placed, edges: routes, width, height, ms: performance.now() - started });
};
