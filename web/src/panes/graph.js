// The Graph pane: keeps the latest compiled catalog's graph and its dependency cycles; the drawing code and its layout
// library (dagre, run in a worker) are fetched only when the pane is first shown (a dynamic import: their own chunk).
// The light engine sends no graph: for its runs the pane has the full engine compile the same code when it is shown
// (`fetchGraph` resolves to `{ graph, cycles }`, or `{ failure }` saying why there is none, or null).
export function setupGraphPane({ panel, count, onSelect, fetchGraph }) {
  let latest = null;
  let view = null;
  /** The run whose graph the full engine has yet to give (`{ source, files }`), or null. */
  let missing = null;
  const visible = () => !panel.hidden;
  const refresh = async () => {
    if (!visible() || !latest) return;
    if (missing) {
      const asked = latest;
      const run = missing;
      missing = null;
      const answer = await fetchGraph(run);
      if (latest !== asked) return; // a newer result came meanwhile
      if (answer?.graph) latest = { ...latest, graph: answer.graph, cycles: answer.cycles ?? latest.cycles };
      else if (answer?.failure) latest = { ...latest, failure: answer.failure };
    }
    view ??= import('../graph/graph-view.js').then(({ createGraphView }) => createGraphView(panel, { onSelect }));
    (await view).show(latest);
  };
  // The tabs show a pane by clearing its `hidden` attribute.
  new MutationObserver(refresh).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  return {
    /** `run`: `{ source, files }` the result is for (the full engine compiles it again when the result has no graph). */
    show(result, at, run = null) {
      const graph = result.graph ?? { nodes: [], edges: [], nodesTotal: 0 };
      latest = { graph, cycles: result.cycles ?? [], at };
      missing = result.graph === undefined && run && fetchGraph ? run : null;
      const cycles = latest.cycles.length;
      count.textContent = cycles ? ` (${cycles} cycle${cycles === 1 ? '' : 's'})` : '';
      refresh();
    },
  };
}
