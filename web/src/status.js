// The status line: one polite live region that announces results and messages (never a run in progress; only the one-time "Loading the full engine" a user waits for), with the run's time and a busy mark beside it, both silent.

/** Longest value or message text the status line repeats, in characters. */
const MAX_SHOWN = 120;
const cut = (text, max = MAX_SHOWN) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** `elements`: { region (the live region), time, busy }. */
export function createStatus({ region, time, busy }) {
  /** Set the announced text only when it changes: a live region speaks on every change. */
  function say(text, kind) {
    if (region.textContent !== text) region.textContent = text;
    region.dataset.kind = kind;
  }

  return {
    /** A message (a link that could not be opened, the engine restarted, a link copied). */
    message(text, kind = 'info') {
      say(text, kind);
      time.textContent = '';
    },

    /** A run's outcome: its value and type, or its first error; `ms` goes beside it, unannounced. */
    result({ value, type, diagnostics, ms }) {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      const warnings = diagnostics.length - errors.length;
      if (errors.length) {
        const [first] = errors;
        const count = errors.length > 1 ? `${errors.length} errors, the first` : '1 error';
        say(cut(`${count}: ${first.message} (line ${first.line}, column ${first.column})`), 'error');
      } else {
        const also = warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : '';
        say(`ok${also}: ${cut(value ?? 'undef', 70)} : ${cut(type ?? 'Undef', 50)}`, 'ok');
      }
      time.textContent = `${ms.toFixed(1)} ms`;
    },

    /** Whether a run is under way: shown, not announced. */
    busy(on) {
      busy.hidden = !on;
    },

    get text() {
      return region.textContent;
    },
  };
}
