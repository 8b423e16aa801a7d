// Hover over code the last run evaluated: the value and type the innermost expression there had, or, for one that ran many times (in a loop), its last values and how many times it ran.
import { RangeSet, RangeValue, StateEffect, StateField } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';

/** One source range's record: `{ count, values: [{ value, type }] }` (oldest value first). */
class Recorded extends RangeValue {
  constructor(record) {
    super();
    this.record = record;
  }

  eq(other) {
    return other.record === this.record;
  }
}

/** Replace the records: `{ from, to, count, values }` with document offsets. */
export const setRecorded = StateEffect.define();

/** The records of the last run, following the edits made since (a range edited inside keeps its record). */
const recordedField = StateField.define({
  create: () => RangeSet.empty,
  update(ranges, tr) {
    ranges = ranges.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setRecorded)) continue;
      const length = tr.state.doc.length;
      ranges = RangeSet.of(
        effect.value
          .filter((r) => r.from < r.to && r.to <= length)
          .map((r) => new Recorded({ count: r.count, values: r.values }).range(r.from, r.to)),
        true,
      );
    }
    return ranges;
  },
});

/** The innermost recorded range at `pos`: `{ from, to, record }` or null. */
export function recordAt(state, pos) {
  let best = null;
  state.field(recordedField, false)?.between(pos, pos, (from, to, value) => {
    if (from <= pos && pos <= to && (!best || to - from < best.to - best.from)) best = { from, to, record: value.record };
  });
  return best;
}

const line = (className, text) => {
  const element = document.createElement('div');
  element.className = className;
  element.textContent = text; // values are user data: text only
  return element;
};

/** The tooltip's content for a record: the last value and its type, then how many times it ran and the values before. */
export function recordDom({ count, values }) {
  const dom = document.createElement('div');
  dom.className = 'cm-value-hover';
  dom.dataset.testid = 'value-hover';
  const last = values[values.length - 1];
  if (!last) return dom;
  dom.append(line('cm-value-hover-value', last.value), line('cm-value-hover-type', last.type));
  if (count > 1) {
    const earlier = values.slice(0, -1).map((v) => v.value);
    // A collection made in a loop is kept at powers of two only: say which evaluation's value this is.
    const which = last.evaluation && last.evaluation !== count ? `the value of evaluation ${last.evaluation} shown` : 'the last value shown';
    const runs = `evaluated ${count} times; ${which}`;
    dom.append(line('cm-value-hover-count', earlier.length ? `${runs}, before it: ${earlier.reverse().join(', ')}` : runs));
  }
  return dom;
}

/** Documents whose records were already asked for (the light engine records nothing; see `valueHover`). */
const asked = new WeakSet();

/**
 * The editor extension: the records' field and the hover. A run by the light engine records nothing: then
 * `askRecords(state)` (when given) has the full engine evaluate the document with recording, once per text,
 * and resolves to `[{ from, to, count, values }]` for it (or null).
 */
export function valueHover(askRecords = null) {
  const tooltip = hoverTooltip(async (view, pos) => {
    let found = recordAt(view.state, pos);
    const doc = view.state.doc;
    if (!found && askRecords && !asked.has(doc) && view.state.field(recordedField).size === 0) {
      asked.add(doc);
      const records = await askRecords(view.state);
      if (records && view.state.doc === doc) view.dispatch({ effects: setRecorded.of(records) });
      found = recordAt(view.state, pos);
    }
    if (!found) return null;
    return { pos: found.from, end: found.to, above: true, create: () => ({ dom: recordDom(found.record) }) };
  });
  return [recordedField, tooltip];
}

/**
 * Hover over a name the engine documents (a function's signatures and description, a resource type's
 * attributes, a data type): `ask(state, pos)` resolves to `{ start, end, text }` or null.
 */
export function docsHover(ask) {
  return hoverTooltip(async (view, pos) => {
    const docs = await ask(view.state, pos);
    if (!docs || docs.end > view.state.doc.length) return null;
    return {
      pos: docs.start,
      end: docs.end,
      above: true,
      create: () => {
        const dom = line('cm-docs-hover', docs.text);
        dom.dataset.testid = 'docs-hover';
        return { dom };
      },
    };
  });
}
