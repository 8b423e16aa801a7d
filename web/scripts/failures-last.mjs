// A reporter for node's test runner that lists the failed tests once more when the run ends: the file, the line of
// the test file the error passed through, the test's name and the error's first lines. The page's tests print
// thousands of lines; whoever reads only the end of a log (a CI summary, a terminal's scrollback) still sees what
// failed. `make e2e` runs it after the TAP reporter, both to standard output.
import { relative } from 'node:path';

const shownErrorLines = 4;

// The error a failed test carries: node wraps what the test threw in its own error (`cause`).
function thrown(details) {
  const error = details?.error;
  return error?.cause instanceof Error || typeof error?.cause?.message === 'string' ? error.cause : error;
}

// The first frame of the error's stack inside the test's own file, as `file:line:column`.
function placeInFile(error, file) {
  if (!file || typeof error?.stack !== 'string') return '';
  const frame = error.stack.split('\n').find((line) => line.includes(file));
  const position = frame?.match(/:(\d+):(\d+)\)?\s*$/);
  return position ? `:${position[1]}:${position[2]}` : '';
}

function describe(failure) {
  const error = thrown(failure.details);
  const file = failure.file ? relative(process.cwd(), failure.file) : '(unknown file)';
  const message = String(error?.message ?? error ?? 'no error message')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, shownErrorLines)
    .map((line) => `    ${line}`)
    .join('\n');
  return `not ok: ${file}${placeInFile(error, failure.file)} - ${failure.name}\n${message}\n`;
}

export default async function* failuresLast(source) {
  const failures = [];
  for await (const event of source) {
    // A test whose subtests failed fails too; its subtests already say why.
    if (event.type === 'test:fail' && !/^\d+ subtests? failed$/.test(thrown(event.data.details)?.message ?? '')) {
      failures.push(event.data);
    }
  }
  if (failures.length === 0) return;
  yield `\n# ${failures.length} failed, listed again:\n`;
  for (const failure of failures) yield describe(failure);
}
