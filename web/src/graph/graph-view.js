// The Graph pane's drawing: the catalog as an SVG graph (nodes, containment and relationship edges by kind, the
// dependency cycles marked), with pan, zoom, search, the implicit containers on request, and DOT and SVG downloads.
// Loaded only when the pane opens; colours are SVG attributes and CSS classes, never style strings (the CSP).
import { download } from '../download.js';
import { graphDot } from './dot.js';
import { makeXmlSafe } from './xml-safe.js';

const SVG = 'http://www.w3.org/2000/svg';
const KINDS = ['contains', 'before', 'require', 'notify', 'subscribe'];
/** Stroke colour and dash of each edge kind (attributes, so that a downloaded SVG keeps them). */
const KIND_LOOK = {
  contains: ['#9a9a9a', '3 3'],
  before: ['#2f6fd6', null],
  require: ['#1f9d55', null],
  notify: ['#d97706', '6 3'],
  subscribe: ['#8b5cf6', '6 3'],
};
const CYCLE = '#d62828';
const CHAR_WIDTH = 7.2;
const NODE_HEIGHT = 26;
/** The labels' font size in the drawing (px at scale 1). */
const LABEL_SIZE = 12;
/** A new drawing's labels are at least the page's small text (0.85rem), and the drawing at most this scale. */
const readableScale = () => (0.85 * (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16)) / LABEL_SIZE;
const READABLE_MAX_SCALE = 1.5;
/** Room around a new drawing (px). */
const MARGIN = 10;

const make = (name, attributes = {}, parent = null) => {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) if (value !== null) element.setAttribute(key, String(value));
  parent?.append(element);
  return element;
};

const html = (name, attributes = {}, text = '') => {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text) element.textContent = text;
  return element;
};

export function createGraphView(panel, { onSelect }) {
  const toolbar = html('div', { class: 'graph-toolbar', role: 'toolbar', 'aria-label': 'Graph' });
  const search = html('input', {
    type: 'search', 'data-testid': 'graph-search', class: 'mono', placeholder: 'Find a resource',
    'aria-label': 'Find a resource in the graph', autocomplete: 'off', spellcheck: 'false',
  });
  const button = (label, testid, title) => {
    const b = html('button', { type: 'button', 'data-testid': testid, title }, label);
    toolbar.append(b);
    return b;
  };
  toolbar.append(search);
  const zoomIn = button('+', 'graph-zoom-in', 'Zoom in');
  const zoomOut = button('−', 'graph-zoom-out', 'Zoom out');
  const fit = button('Fit', 'graph-fit', 'Show the whole graph');
  const implicitLabel = html('label', { class: 'graph-implicit' });
  const implicit = html('input', { type: 'checkbox', 'data-testid': 'graph-implicit' });
  // What it does, then what it adds (every catalog has these three containers; hidden, the graph shows the code's own).
  implicitLabel.append(implicit, ' Show the containers every catalog has (Stage[main], Class[main], Class[Settings])');
  toolbar.append(implicitLabel);
  const exportDot = button('Download .dot', 'graph-export-dot', 'The relationships as Puppet writes relationships.dot');
  const exportSvg = button('Download .svg', 'graph-export-svg', 'The drawing as an SVG file');
  const legend = html('ul', { class: 'graph-legend', 'aria-label': 'Edge kinds' });
  for (const kind of [...KINDS, 'cycle']) {
    const item = html('li', { 'data-kind': kind });
    const swatch = make('svg', { width: 28, height: 10, 'aria-hidden': 'true' });
    const [stroke, dash] = kind === 'cycle' ? [CYCLE, null] : KIND_LOOK[kind];
    make('line', { x1: 1, y1: 5, x2: 27, y2: 5, stroke, 'stroke-width': kind === 'cycle' ? 3 : 2, 'stroke-dasharray': dash }, swatch);
    item.append(swatch, ` ${kind === 'cycle' ? 'dependency cycle' : kind}`);
    legend.append(item);
  }
  const status = html('p', { class: 'graph-status', 'data-testid': 'graph-status' });
  const cyclesList = html('ul', { class: 'graph-cycles mono', 'data-testid': 'graph-cycles' });
  const frame = html('div', { class: 'graph-frame' });
  const svg = make('svg', { class: 'graph-svg', 'data-testid': 'graph-svg', 'aria-label': 'The catalog graph' });
  const defs = make('defs', {}, svg);
  for (const [kind, stroke] of [...KINDS.map((k) => [k, KIND_LOOK[k][0]]), ['cycle', CYCLE]]) {
    const marker = make('marker', {
      id: `graph-arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
    }, defs);
    make('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: stroke }, marker);
  }
  const viewport = make('g', { class: 'graph-viewport' }, svg);
  frame.append(svg);
  panel.replaceChildren(toolbar, legend, status, cyclesList, frame);

  const worker = new Worker(new URL('./graph-layout-worker.js', import.meta.url), { type: 'module' });
  let asked = 0;
  let data = null; // { graph, cycles, at }
  let shown = null; // { key, nodes: [graph index], edges: [graph index], layout }
  let view = { x: 0, y: 0, scale: 1 };
  let matches = [];
  let matchAt = -1;

  const applyView = () => viewport.setAttribute('transform', `translate(${view.x} ${view.y}) scale(${view.scale})`);
  /**
   * Show the drawing: whole (the Fit button), or on a new drawing `readable`: its labels no smaller than the page's
   * text, from its top-left corner when it is larger than the pane, and the frame no taller than the drawing.
   */
  const fitView = ({ readable = false } = {}) => {
    if (!shown?.layout) return;
    const { width, height } = shown.layout;
    // Nothing drawn (no graph, or only the hidden containers): dagre's extent of no node is not a number.
    if (!Number.isFinite(width) || !Number.isFinite(height)) {
      view = { x: 0, y: 0, scale: 1 };
      applyView();
      return;
    }
    if (readable) {
      const scale = Math.max(readableScale(), Math.min(READABLE_MAX_SCALE, (frame.getBoundingClientRect().width || 600) / (width + 20)));
      // The frame takes the drawing's height (within the CSS bounds): no empty band above or below it.
      frame.style.height = `${Math.ceil(height * scale + 2 * MARGIN)}px`;
      const w = frame.getBoundingClientRect().width || 600;
      view = { scale, x: width * scale + 2 * MARGIN <= w ? (w - width * scale) / 2 : MARGIN, y: MARGIN };
      applyView();
      return;
    }
    const box = frame.getBoundingClientRect();
    const w = box.width || 600;
    const h = box.height || 400;
    const scale = Math.min(2, Math.max(0.02, Math.min(w / (width + 20), h / (height + 20))));
    view = { scale, x: (w - width * scale) / 2, y: (h - height * scale) / 2 };
    applyView();
  };
  const zoomAround = (factor, cx, cy) => {
    const scale = Math.min(8, Math.max(0.02, view.scale * factor));
    const k = scale / view.scale;
    view = { scale, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k };
    applyView();
  };
  const center = () => {
    const box = frame.getBoundingClientRect();
    return [box.width / 2, box.height / 2];
  };
  zoomIn.addEventListener('click', () => zoomAround(1.25, ...center()));
  zoomOut.addEventListener('click', () => zoomAround(0.8, ...center()));
  fit.addEventListener('click', () => fitView());
  svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    const box = svg.getBoundingClientRect();
    zoomAround(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
  }, { passive: false });
  let drag = null;
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || event.target.closest('.graph-node')) return;
    drag = { x: event.clientX, y: event.clientY, from: { ...view } };
    svg.setPointerCapture(event.pointerId);
    svg.classList.add('dragging');
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag) return;
    view = { ...drag.from, x: drag.from.x + event.clientX - drag.x, y: drag.from.y + event.clientY - drag.y };
    applyView();
  });
  const endDrag = () => {
    drag = null;
    svg.classList.remove('dragging');
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', endDrag);

  /** The nodes and edges drawn: the implicit containers only when asked. */
  const selection = () => {
    const { nodes, edges } = data.graph;
    const keep = nodes.map((node) => implicit.checked || !node.implicit);
    const nodeList = nodes.flatMap((_, i) => (keep[i] ? [i] : []));
    const edgeList = edges.flatMap((e, i) => (keep[e.source] && keep[e.target] ? [i] : []));
    const key = JSON.stringify([nodeList.map((i) => nodes[i].reference), edgeList.map((i) => [edges[i].source, edges[i].target, edges[i].kind])]);
    return { key, nodes: nodeList, edges: edgeList };
  };

  const cycleSets = () => {
    const nodes = new Set();
    const edges = new Set();
    for (const cycle of data.cycles) {
      cycle.nodes.forEach((n) => nodes.add(n));
      cycle.edges.forEach((e) => edges.add(e));
    }
    return { nodes, edges };
  };

  const describe = () => {
    const { graph, cycles } = data;
    const hidden = graph.nodesTotal - graph.nodes.length;
    const parts = [`${shown.nodes.length} node${shown.nodes.length === 1 ? '' : 's'}, ${shown.edges.length} edge${shown.edges.length === 1 ? '' : 's'}`];
    if (hidden > 0) parts.push(`${hidden} more not drawn`);
    if (shown.layout) parts.push(`laid out in ${Math.round(shown.layout.ms)} ms`);
    else parts.push('laying out…');
    if (cycles.length) parts.push(`${cycles.length} dependency cycle${cycles.length === 1 ? '' : 's'}`);
    status.textContent = data.failure ?? parts.join('; ');
    status.dataset.kind = data.failure ? 'error' : '';
    cyclesList.replaceChildren(...cycles.map((c) => html('li', {}, `(${c.path.join(' => ')})`)));
  };

  const draw = () => {
    const { graph } = data;
    const { layout } = shown;
    const cyc = cycleSets();
    const edgeLayer = make('g', { class: 'graph-edges' });
    const nodeLayer = make('g', { class: 'graph-nodes' });
    shown.edges.forEach((e, k) => {
      const edge = graph.edges[e];
      const inCycle = cyc.edges.has(e);
      const [stroke, dash] = KIND_LOOK[edge.kind];
      let points = layout.edges[k];
      if (!points) {
        // An edge to itself: a loop beside the node.
        const [x, y] = layout.nodes[shown.nodes.indexOf(edge.source)];
        const w = layout.widths[shown.nodes.indexOf(edge.source)] / 2;
        points = [[x + w - 8, y - NODE_HEIGHT / 2], [x + w + 18, y - NODE_HEIGHT], [x + w + 18, y], [x + w, y]];
      }
      const d = points.map(([x, y], i) => `${i ? 'L' : 'M'} ${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
      make('path', {
        d, fill: 'none', stroke: inCycle ? CYCLE : stroke, 'stroke-width': inCycle ? 2.5 : 1.4,
        'stroke-dasharray': dash, 'marker-end': `url(#graph-arrow-${inCycle ? 'cycle' : edge.kind})`,
        class: `graph-edge kind-${edge.kind}`, 'data-testid': 'graph-edge', 'data-kind': edge.kind,
        'data-source': graph.nodes[edge.source].reference, 'data-target': graph.nodes[edge.target].reference,
        'data-cycle': inCycle ? 'true' : null,
      }, edgeLayer);
    });
    shown.nodes.forEach((n, k) => {
      const node = graph.nodes[n];
      const [x, y] = layout.nodes[k];
      const width = layout.widths[k];
      const inCycle = cyc.nodes.has(n);
      const group = make('g', {
        class: `graph-node${node.container ? ' container' : ''}${node.implicit ? ' implicit' : ''}`,
        transform: `translate(${(x - width / 2).toFixed(1)} ${(y - NODE_HEIGHT / 2).toFixed(1)})`,
        'data-testid': 'graph-node', 'data-reference': node.reference, 'data-index': n,
        'data-cycle': inCycle ? 'true' : null, tabindex: node.file ? 0 : null, role: node.file ? 'button' : null,
        'aria-label': node.file ? `${node.reference}: select its declaration` : node.reference,
      }, nodeLayer);
      make('rect', {
        width, height: NODE_HEIGHT, rx: node.container ? 2 : 8, fill: node.container ? '#eef2f7' : '#ffffff',
        stroke: inCycle ? CYCLE : node.container ? '#5b6b80' : '#8a96a6', 'stroke-width': inCycle ? 2.5 : 1,
      }, group);
      const label = make('text', { x: width / 2, y: NODE_HEIGHT / 2 + 4, 'text-anchor': 'middle', 'font-family': 'monospace', 'font-size': LABEL_SIZE, fill: '#1b1f24' }, group);
      label.textContent = node.reference;
      const title = make('title', {}, group);
      title.textContent = node.reference;
    });
    viewport.replaceChildren(edgeLayer, nodeLayer);
    applySearch();
  };

  const select = (element) => {
    const node = data?.graph.nodes[Number(element?.dataset.index)];
    if (node?.file) onSelect(data.at(node));
  };
  svg.addEventListener('click', (event) => select(event.target.closest('.graph-node')));
  svg.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      const node = event.target.closest?.('.graph-node');
      if (node) {
        event.preventDefault();
        select(node);
      }
    }
  });

  function applySearch() {
    const text = search.value.trim().toLowerCase();
    matches = [];
    for (const element of viewport.querySelectorAll('.graph-node')) {
      const hit = text !== '' && element.dataset.reference.toLowerCase().includes(text);
      element.classList.toggle('match', hit);
      element.classList.toggle('dimmed', text !== '' && !hit);
      if (hit) matches.push(element);
    }
    matchAt = -1;
    search.setAttribute('aria-description', text ? `${matches.length} found; Enter shows the next` : '');
  }
  const focusMatch = () => {
    if (!matches.length || !shown?.layout) return;
    matchAt = (matchAt + 1) % matches.length;
    const k = shown.nodes.indexOf(Number(matches[matchAt].dataset.index));
    const [x, y] = shown.layout.nodes[k];
    const [cx, cy] = center();
    view = { scale: Math.max(view.scale, 1), x: 0, y: 0 };
    view.x = cx - x * view.scale;
    view.y = cy - y * view.scale;
    applyView();
    matches[matchAt].focus();
  };
  search.addEventListener('input', applySearch);
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      focusMatch();
    }
  });
  implicit.addEventListener('change', () => data && layOut());

  exportDot.addEventListener('click', () => {
    if (data) download(graphDot(data.graph), 'relationships.dot', 'text/vnd.graphviz');
  });
  exportSvg.addEventListener('click', () => {
    if (!shown?.layout) return;
    const copy = svg.cloneNode(true);
    copy.setAttribute('width', Math.ceil(shown.layout.width));
    copy.setAttribute('height', Math.ceil(shown.layout.height));
    copy.querySelector('.graph-viewport')?.removeAttribute('transform');
    // Titles may hold control characters, which no XML file may: the file must parse wherever it goes.
    download(new XMLSerializer().serializeToString(makeXmlSafe(copy)), 'catalog.svg', 'image/svg+xml');
  });

  worker.onmessage = ({ data: answer }) => {
    if (answer.id !== asked || !shown) return;
    shown.layout = { ...answer, widths: shown.widths };
    draw();
    fitView({ readable: true });
    describe();
    panel.dataset.graphReady = String(asked);
  };

  function layOut() {
    const next = selection();
    if (shown?.key === next.key && shown.layout) {
      draw();
      describe();
      return;
    }
    const { nodes, edges } = data.graph;
    const position = new Map(next.nodes.map((n, k) => [n, k]));
    const widths = next.nodes.map((n) => Math.max(60, nodes[n].reference.length * CHAR_WIDTH + 20));
    shown = { ...next, widths, layout: null };
    asked += 1;
    delete panel.dataset.graphReady;
    describe();
    worker.postMessage({
      id: asked,
      nodes: widths.map((width) => ({ width, height: NODE_HEIGHT })),
      edges: next.edges.map((e) => [position.get(edges[e].source), position.get(edges[e].target)]),
    });
  }

  return {
    show(latest) {
      data = latest;
      layOut();
    },
  };
}
