// A result's positions placed in their files: each diagnostic, statement and catalog entry names its file (snippet.pp when it names none).
import { SNIPPET } from './workspace.js';

/** The file an engine item belongs to: an engine without environments names none, meaning snippet.pp. */
export const fileOf = (item) => item.file ?? SNIPPET;

/**
 * `mappers(path)` maps the request's positions in that file to the current text. Returns
 * `{ at(item) → { file, from, to }, diagnostics (with file, from, to), byFile: Map(path → { diagnostics,
 * hints, recorded }), counts: Map(path → { errors, warnings }) }`.
 */
/** A statement's inline result: its value and type, or for a collector what it collected. */
function hintText(statement) {
  if (Array.isArray(statement.collected)) {
    return `⇒ collected ${statement.collected.length ? statement.collected.join(', ') : 'nothing'}`;
  }
  return `⇒ ${statement.value} : ${statement.type}`;
}

/**
 * `wording(message, file)`: the message as the page shows it (page-wording.js). `counts` gives each file's problems as
 * `{ errors, warnings }`.
 */
export function placeResults(result, mappers, wording = (message) => message) {
  const at = (item) => {
    const file = fileOf(item);
    const map = mappers(file);
    return { file, from: map(item.start), to: map(item.end, 1) };
  };
  // A note's place is in its own file (the diagnostic's when it names none).
  const placeNote = (n) => (n.file == null ? n : { ...n, ...at(n) });
  const diagnostics = result.diagnostics.map((d) => ({ ...d, ...at(d), message: wording(d.message, fileOf(d)), notes: (d.notes ?? []).map(placeNote) }));
  const byFile = new Map();
  const resultsOf = (file) => {
    if (!byFile.has(file)) byFile.set(file, { diagnostics: [], hints: [], recorded: [] });
    return byFile.get(file);
  };
  for (const d of diagnostics) resultsOf(d.file).diagnostics.push(d);
  for (const s of result.statements) {
    const file = fileOf(s);
    resultsOf(file).hints.push({ pos: mappers(file)(s.end), text: hintText(s) });
  }
  // What each evaluated expression produced (the run asked for it): the hover's values.
  for (const [file, recorded] of placeRecorded(result.recorded ?? [], mappers)) resultsOf(file).recorded = recorded;
  const counts = new Map();
  for (const d of diagnostics) {
    const count = counts.get(d.file) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') count.errors += 1;
    else count.warnings += 1;
    counts.set(d.file, count);
  }
  return { at, diagnostics, byFile, counts };
}

/** A run's values recorded for hover, by file: Map(path → [{ from, to, count, values }]) with places mapped. */
export function placeRecorded(recorded, mappers) {
  const byFile = new Map();
  for (const r of recorded) {
    const file = fileOf(r);
    const map = mappers(file);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push({ from: map(r.start, 1), to: map(r.end, -1), count: r.count, values: r.values });
  }
  return byFile;
}
