// The editor's squiggles in two kinds that never touch each other: evaluation's (a new set with every result that changes them) and puppet-lint's (a new set only when its findings change), each in a state field of its own, with one hover, one gutter and the look of CodeMirror's lint marks.
//
// Why not @codemirror/lint: it keeps every diagnostic in one state, so a result's new evaluation squiggle made again
// the marks of all of lint's findings (about 430 in a 3,000-line manifest) and the gutter, whose markers it cannot
// compare, drew every marker again (docs/page.md, "Typing").
import { StateEffect, StateField, RangeSet, Prec } from '@codemirror/state';
import { Decoration, EditorView, GutterMarker, WidgetType, gutter, hoverTooltip, showTooltip } from '@codemirror/view';

const WEIGHT = { error: 4, warning: 3, info: 2, hint: 1 };
/** The gravest severity in a list of diagnostics ('hint' when empty). */
const gravest = (list) => list.reduce((worst, d) => ((WEIGHT[d.severity] ?? 1) > WEIGHT[worst] ? d.severity : worst), 'hint');

/** Whether two diagnostics say the same thing (their places aside). */
const sameWords = (a, b) => a.severity === b.severity && a.message === b.message && (a.source ?? '') === (b.source ?? '');

/** A squiggle on no text (a place between characters, or a line's end): a small mark under that place. */
class PointMark extends WidgetType {
  constructor(severity) {
    super();
    this.severity = severity;
  }

  eq(other) {
    return other.severity === this.severity;
  }

  toDOM() {
    const span = document.createElement('span');
    span.className = `cm-lintPoint cm-lintPoint-${this.severity}`;
    return span;
  }
}

/** Whether [from, to) holds only line breaks (or nothing): such a squiggle is drawn as a point. */
function onNoText(doc, from, to) {
  return from === to || (to - from < 10 && /^[\r\n]*$/.test(doc.sliceString(from, to)));
}

/**
 * The decorations for `diagnostics` ({ from, to, severity, message, source?, markClass? }) over `doc`: one mark per
 * stretch of text the same diagnostics cover (overlapping ones share a mark, so a text is never marked twice by one
 * kind), a point where one covers no text. Each decoration's spec lists its diagnostics, for the hover and the gutter.
 */
export function decorate(doc, diagnostics) {
  const length = doc.length;
  const clamped = diagnostics.map((d) => {
    const from = Math.min(Math.max(d.from, 0), length);
    return { d, from, to: Math.min(Math.max(d.to, from), length) };
  });
  const decorations = [];
  const points = new Map(); // position → diagnostics
  const ranges = [];
  for (const c of clamped) {
    if (onNoText(doc, c.from, c.to)) points.set(c.from, [...(points.get(c.from) ?? []), c.d]);
    else ranges.push(c);
  }
  for (const [pos, list] of points) {
    decorations.push(Decoration.widget({ widget: new PointMark(gravest(list)), side: 1, diagnostics: list }).range(pos));
  }
  // Sweep the places where a range starts or ends; between two of them the same diagnostics cover the text.
  const edges = [...new Set(ranges.flatMap((c) => [c.from, c.to]))].sort((a, b) => a - b);
  ranges.sort((a, b) => a.from - b.from);
  let next = 0;
  let active = [];
  let open = null; // { from, to, list }
  const close = () => {
    if (!open) return;
    const classes = open.list.map((d) => d.markClass).filter(Boolean).join(' ');
    const spec = { class: `cm-lintRange cm-lintRange-${gravest(open.list)}${classes ? ` ${classes}` : ''}`, diagnostics: open.list };
    decorations.push(Decoration.mark(spec).range(open.from, open.to));
    open = null;
  };
  for (let i = 0; i + 1 < edges.length; i += 1) {
    const [from, to] = [edges[i], edges[i + 1]];
    active = active.filter((c) => c.to > from);
    while (next < ranges.length && ranges[next].from <= from) active.push(ranges[next++]);
    const list = active.map((c) => c.d);
    const same = open && open.to === from && open.list.length === list.length && open.list.every((d, k) => d === list[k]);
    if (same) open.to = to;
    else {
      close();
      if (list.length) open = { from, to, list };
    }
  }
  close();
  return Decoration.set(decorations, true);
}

/** The diagnostics marked in a decoration set, each once, at its current place: `{ ...diagnostic, from, to }`. */
const listed = new WeakMap(); // decoration set → its diagnostics (a set is not changed, only replaced)
function diagnosticsIn(set) {
  const known = listed.get(set);
  if (known) return known;
  const places = new Map(); // diagnostic → { from, to }
  set.between(0, 1e9, (from, to, decoration) => {
    for (const d of decoration.spec.diagnostics) {
      const place = places.get(d);
      if (place) place.to = Math.max(place.to, to);
      else places.set(d, { from, to });
    }
  });
  const list = [...places].map(([d, place]) => ({ ...d, ...place }));
  listed.set(set, list);
  return list;
}

/** One kind of squiggle: an effect that replaces its diagnostics and a field of their decorations, mapped through edits. */
function squiggleKind() {
  const set = StateEffect.define();
  const field = StateField.define({
    create: () => Decoration.none,
    update(marks, tr) {
      for (const effect of tr.effects) if (effect.is(set)) return decorate(tr.state.doc, effect.value);
      return tr.docChanged ? marks.map(tr.changes) : marks;
    },
  });
  return { set, field };
}

const evaluationKind = squiggleKind();
const lintKind = squiggleKind();

/** The effect that shows evaluation's (and a compile's) diagnostics in place of the earlier ones. */
export const setEvaluationMarks = evaluationKind.set;
/** The effect that shows puppet-lint's findings in place of the earlier ones. */
export const setLintMarks = lintKind.set;

/** Evaluation's squiggles a state shows, at their current places. */
export const evaluationMarksOf = (state) => diagnosticsIn(state.field(evaluationKind.field));
/** Lint's squiggles a state shows, at their current places. */
export const lintMarksOf = (state) => diagnosticsIn(state.field(lintKind.field));

/** A list of diagnostics as the hover and the gutter show them: message, then where it comes from. */
function diagnosticList(diagnostics) {
  const list = document.createElement('ul');
  list.className = 'cm-tooltip-lint';
  for (const d of diagnostics) {
    const item = document.createElement('li');
    item.className = `cm-diagnostic cm-diagnostic-${d.severity}`;
    const text = document.createElement('span');
    text.className = 'cm-diagnosticText';
    text.textContent = d.message;
    item.append(text);
    if (d.source) {
      const source = document.createElement('div');
      source.className = 'cm-diagnosticSource';
      source.textContent = d.source;
      item.append(source);
    }
    list.append(item);
  }
  return list;
}

const kinds = [evaluationKind, lintKind];
const isSetting = (tr) => tr.effects.some((e) => e.is(evaluationKind.set) || e.is(lintKind.set));

/** The mouse over a squiggle: its diagnostics (both kinds where both mark the text), as CodeMirror's lint hover finds them. */
const squiggleHover = hoverTooltip(
  (view, pos, side) => {
    const found = [];
    let start = pos;
    let end = pos;
    for (const { field } of kinds) {
      view.state.field(field).between(pos - (side < 0 ? 1 : 0), pos + (side > 0 ? 1 : 0), (from, to, decoration) => {
        const inside = pos >= from && pos <= to && (from === to || ((pos > from || side > 0) && (pos < to || side < 0)));
        if (!inside) return undefined;
        if (!found.length) [start, end] = [from, to];
        else [start, end] = [Math.min(start, from), Math.max(end, to)];
        found.push(...decoration.spec.diagnostics);
        return false;
      });
    }
    if (!found.length) return null;
    return { pos: start, end, above: true, create: () => ({ dom: diagnosticList(found) }) };
  },
  {
    hideOn: (tr, tooltip) => {
      const line = tr.startState.doc.lineAt(tooltip.pos);
      return isSetting(tr) || tr.changes.touchesRange(line.from, Math.max(line.to, tooltip.end ?? tooltip.pos));
    },
  },
);

/** The tooltip the gutter's marker shows on hover (null: none). */
const setGutterTooltip = StateEffect.define();
const gutterTooltip = StateField.define({
  create: () => null,
  update(tooltip, tr) {
    for (const effect of tr.effects) if (effect.is(setGutterTooltip)) return effect.value;
    if (!tooltip || !tr.docChanged) return tooltip;
    return tr.changes.touchesRange(tooltip.pos) ? null : { ...tooltip, pos: tr.changes.mapPos(tooltip.pos) };
  },
  provide: (field) => showTooltip.from(field),
});

/** How long the mouse rests on a gutter marker before its diagnostics show (CodeMirror's lint gutter's time). */
const GUTTER_HOVER_MS = 300;

/** Show `diagnostics` beside gutter marker `element` once the mouse rests on it; hide them once it leaves both. */
function hoverMarker(view, element, diagnostics) {
  let timer = setTimeout(show, GUTTER_HOVER_MS);
  element.onmousemove = () => {
    clearTimeout(timer);
    timer = setTimeout(show, GUTTER_HOVER_MS);
  };
  element.onmouseout = () => {
    clearTimeout(timer);
    element.onmouseout = element.onmousemove = null;
  };
  function show() {
    element.onmouseout = element.onmousemove = null;
    const line = view.lineBlockAtHeight(element.getBoundingClientRect().top + 5 - view.documentTop);
    view.dispatch({
      effects: setGutterTooltip.of({
        pos: line.from,
        above: false,
        create: () => ({ dom: diagnosticList(diagnostics), getCoords: () => element.getBoundingClientRect() }),
      }),
    });
    const leave = (event) => {
      const box = element.getBoundingClientRect();
      const near = event.clientX > box.left - 10 && event.clientX < box.right + 10 && event.clientY > box.top - 10 && event.clientY < box.bottom + 10;
      // On the tooltip (or anything inside it) the mouse has not left.
      if (near || event.composedPath().some((node) => node.classList?.contains('cm-tooltip-lint'))) return;
      window.removeEventListener('mousemove', leave);
      if (view.state.field(gutterTooltip)) view.dispatch({ effects: setGutterTooltip.of(null) });
    };
    window.addEventListener('mousemove', leave);
  }
}

/**
 * A line's marker in the gutter: the gravest severity of the line's squiggles. Equal to another that says the same
 * things, so the gutter keeps its element when a result or a lint brings the same diagnostics again.
 */
class LineMarker extends GutterMarker {
  constructor(diagnostics) {
    super();
    this.diagnostics = diagnostics;
    this.severity = gravest(diagnostics);
  }

  eq(other) {
    return other.severity === this.severity && other.diagnostics.length === this.diagnostics.length && other.diagnostics.every((d, i) => sameWords(d, this.diagnostics[i]));
  }

  toDOM(view) {
    const element = document.createElement('div');
    element.className = `cm-lint-marker cm-lint-marker-${this.severity}`;
    element.onmouseover = () => hoverMarker(view, element, this.diagnostics);
    return element;
  }
}

/** `diagnostics` (each `{ from, ... }` at its place in `state`) by line: line start → list, their order kept within a line. */
function byLine(state, diagnostics) {
  const lines = new Map();
  for (const d of diagnostics) {
    const start = state.doc.lineAt(d.from).from;
    lines.set(start, [...(lines.get(start) ?? []), d]);
  }
  return lines;
}

/** Whether an edit took away a squiggle's whole text: its mark went, so its line's marker must too. */
const lostMarks = (tr, field) => tr.docChanged && tr.state.field(field).size !== tr.startState.field(field).size;

/**
 * Lint's markers alone, one per line: made again only when lint's squiggles are set, one's text is deleted or lines
 * are joined (two markers would share a line), else moved with the edits. A 3,000-line manifest has ~430 of lint's
 * findings: a result that changes evaluation's squiggles puts the gutter together from these and evaluation's few
 * rather than group all of lint's by line again.
 */
const lintMarkersOf = (state) => RangeSet.of([...byLine(state, lintMarksOf(state))].map(([start, list]) => new LineMarker(list).range(start)), true);
const lintLines = StateField.define({
  create: lintMarkersOf,
  update(markers, tr) {
    const joined = tr.docChanged && tr.state.doc.lines < tr.startState.doc.lines;
    if (tr.effects.some((e) => e.is(lintKind.set)) || lostMarks(tr, lintKind.field) || joined) return lintMarkersOf(tr.state);
    return tr.docChanged ? markers.map(tr.changes) : markers;
  },
});

/** The gutter's markers of a state: one per line that has squiggles of either kind (evaluation's first). */
function lineMarkers(state) {
  const lint = state.field(lintLines);
  const evaluation = byLine(state, evaluationMarksOf(state));
  if (!evaluation.size) return lint;
  const add = [...evaluation].map(([start, list]) => {
    let onLine = [];
    lint.between(start, start, (from, to, marker) => {
      if (from === start) onLine = marker.diagnostics;
    });
    return new LineMarker([...list, ...onLine]).range(start);
  });
  return lint.update({ add, sort: true, filter: (from) => !evaluation.has(from) });
}

/**
 * The gutter's markers: made again when either kind's squiggles are set or an edit took away a squiggle's whole text
 * (its mark goes, so its line's marker must too), else moved with the edits.
 */
const gutterMarkers = StateField.define({
  create: lineMarkers,
  update(markers, tr) {
    if (isSetting(tr)) return lineMarkers(tr.state);
    if (!tr.docChanged) return markers;
    const joined = tr.state.doc.lines < tr.startState.doc.lines;
    return joined || kinds.some(({ field }) => lostMarks(tr, field)) ? lineMarkers(tr.state) : markers.map(tr.changes);
  },
});

/**
 * The squiggles' extension: both kinds' fields, lint's marks drawn inside evaluation's where both mark the same text
 * (a higher precedence makes the inner element; the editor's CSS lets evaluation's wavy line win there), the hover,
 * and the gutter.
 */
export const squiggles = [
  lintKind.field,
  Prec.high(EditorView.decorations.from(lintKind.field)),
  evaluationKind.field,
  EditorView.decorations.from(evaluationKind.field),
  squiggleHover,
  lintLines,
  gutterMarkers,
  gutterTooltip,
  gutter({ class: 'cm-gutter-lint', markers: (view) => view.state.field(gutterMarkers) }),
];
