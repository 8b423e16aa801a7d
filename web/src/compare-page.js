// The Compare pane's state: a catalog pinned (by its Pin button, or from a link) and compared with each new result,
// so an edit, or another system's facts, shows what it changes; the pinned catalog goes into share links.
import { diffCatalogs, isEmptyDiff } from './catalog-diff.js';
import { lazyPane } from './lazy-pane.js';
import { showCompare } from './panes/compare.js';
import { MAX_PINNED } from './share.js';

/**
 * `elements`: { panel, list, pin, unpin, note, count }. `goTo(file, from, to)` selects a declaration.
 * Returns { update(result), pin(entries), pinnedForLink() }.
 */
export function setupCompare({ panel, list, pin, unpin, note, count }, { goTo }) {
  /** The pinned catalog: [{ reference, text }], or null. */
  let pinned = null;
  /** The latest result: { catalog, total, failed, at }. */
  let latest = null;

  const pane = lazyPane(panel, ({ diff, why, at }) =>
    showCompare(list, { diff, note: why }, (entry) => {
      const { file, from, to } = at(entry);
      goTo(file, from, to);
    }),
  );

  function refresh() {
    unpin.hidden = pinned === null;
    pin.textContent = pinned === null ? 'Pin this catalog' : 'Pin again';
    pin.disabled = !latest || latest.failed;
    let diff = null;
    let why = '';
    if (pinned === null) why = 'Pin the catalog, then edit the code or choose other facts: this pane shows what changes.';
    else if (!latest) why = 'Waiting for a result.';
    else if (latest.failed) why = 'The code does not compile now: nothing to compare until it does.';
    else diff = diffCatalogs(pinned, latest.catalog);
    const shown = latest && pinned !== null && latest.total > latest.catalog.length;
    note.textContent = pinned === null ? '' : `Pinned: ${pinned.length} classes and resources.${shown ? ` Compares the first ${latest.catalog.length} of ${latest.total}.` : ''}`;
    count.textContent = diff && !isEmptyDiff(diff) ? ` (${diff.added.length + diff.removed.length + diff.changed.length})` : '';
    pane.update({ diff, why, at: latest?.at ?? (() => ({})) });
  }

  pin.addEventListener('click', () => {
    if (!latest || latest.failed) return;
    pinned = latest.catalog.map(({ reference, text }) => ({ reference, text }));
    refresh();
  });
  unpin.addEventListener('click', () => {
    pinned = null;
    refresh();
  });
  refresh();

  return {
    /** A new result: `catalog` (its entries), `total` (how many in all), `failed`, `at(entry)` (its place). */
    update(result) {
      latest = result;
      refresh();
    },
    /** Pin `entries` ([{ reference, text }], from a link), or nothing for null. */
    pin(entries) {
      pinned = entries ? entries.slice(0, MAX_PINNED) : null;
      refresh();
    },
    /** What a share link keeps of the pinned catalog (null: nothing pinned). */
    pinnedForLink: () => pinned,
  };
}
