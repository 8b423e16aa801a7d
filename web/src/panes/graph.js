// The Graph pane: keeps the latest compiled catalog's graph and its dependency cycles; the drawing code and its layout
// library (dagre, run in a worker) are fetched only when the pane is first shown (a dynamic import: their own chunk).
export function setupGraphPane({ panel, count, onSelect }) {
  let latest = null;
  let view = null;
  const visible = () => !panel.hidden;
  const refresh = async () => {
    if (!visible() || !latest) return;
    view ??= import('../graph/graph-view.js').then(({ createGraphView }) => createGraphView(panel, { onSelect }));
    (await view).show(latest);
  };
  // The tabs show a pane by clearing its `hidden` attribute.
  new MutationObserver(refresh).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  return {
    show(result, at) {
      const graph = result.graph ?? { nodes: [], edges: [], nodesTotal: 0 };
      latest = { graph, cycles: result.cycles ?? [], at };
      const cycles = latest.cycles.length;
      count.textContent = cycles ? ` (${cycles} cycle${cycles === 1 ? '' : 's'})` : '';
      refresh();
    },
  };
}
