// The page's side of keeping work aside: before an example, a link or an opened folder replaces the environment, the user's is kept and a note offers it back (Bring back my work swaps the two); when it cannot be kept, the page asks first.
import { confirmAction } from './confirm.js';
import { contentKey, createKeeper, describeWork, holdsWork } from './keep-work.js';

/**
 * `page`: { notice (notice.js), current() (the environment shown, as keep-work.js stores one), restore(entry)
 * (show a kept environment), say(text) (the status line) }. Returns { beforeReplacing(what, { codeOnly }),
 * afterReplacing(what, entry), linkOverSaved(saved, link) }.
 */
export function setupWorkKeeping({ notice, current, restore, say }) {
  const keeper = createKeeper();

  function offer(message) {
    notice.show(message, { label: 'Bring back my work', run: bringBack });
  }

  /** Swap the kept environment with the one shown (which is kept in its turn when it holds work). */
  function bringBack() {
    const kept = keeper.kept();
    if (!kept) {
      say('Nothing is kept to bring back.');
      return;
    }
    const now = current();
    if (holdsWork(now)) keeper.keepIfWork(now);
    else keeper.drop();
    restore(kept);
    if (holdsWork(now)) offer(`Your work is back; ${describeWork(now)} is kept in its turn.`);
    else notice.hide();
  }

  return {
    /**
     * Before `what` replaces the environment (or with `codeOnly`, snippet.pp's code): keep the user's work
     * aside and say how to bring it back. Resolves false when the user chose not to go on.
     */
    async beforeReplacing(what, { codeOnly = false } = {}) {
      const entry = current();
      const outcome = keeper.keepIfWork(entry);
      if (outcome === 'nothing') return true;
      if (outcome === 'too-large') {
        const question = `Opening ${what} replaces ${describeWork(entry)}, which is too large for the browser to keep aside. Download it as a .zip first, or go on and lose it?`;
        return confirmAction(question, 'Replace it');
      }
      offer(`Opened ${what}; ${describeWork(entry)} is kept${codeOnly ? ' (Ctrl+Z brings the code back too)' : ''}.`);
      return true;
    },

    /** A folder was opened over `entry` (the choice is made by then): keep it, or say it could not be kept. */
    afterReplacing(what, entry) {
      const outcome = keeper.keepIfWork(entry);
      if (outcome === 'kept') offer(`Opened ${what}; ${describeWork(entry)} is kept.`);
      else if (outcome === 'too-large') notice.show(`Opened ${what}; ${describeWork(entry)} was too large for the browser to keep aside.`);
    },

    /** A link opened at load over the autosaved `saved`: kept aside unless it is the link's own content. */
    linkOverSaved(saved, link) {
      if (!saved || contentKey(saved) === contentKey(link) || !holdsWork(saved)) return;
      if (keeper.keepIfWork({ ...saved, label: null }) === 'kept') offer(`This link replaced ${describeWork(saved)} from your last visit: it is kept.`);
    },
  };
}
