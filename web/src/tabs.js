// The pane tabs, made from the pane registry: accessible tabs in their groups (arrow keys move between them), the developer views tucked away until asked for, and on a phone a menu button that shows the list.
import { loadPreference, savePreference } from './storage.js';
import { isTucked, PANE_GROUPS, PANES, paneById } from './panes/registry.js';

/**
 * Fill `tablist` with a tab per pane (panels `panel-<id>` are in the page already), `toggle` shows or hides the
 * tucked-away group, `menu` (a phone's) opens the list. `onSelect(id)` is told when a pane is shown.
 * Returns { select(id, { focus }), selected(), showTucked(on) }.
 */
export function setupTabs({ tablist, toggle, menu }, { onSelect = () => {} } = {}) {
  let previousGroup = null;
  const tabs = PANES.map((pane) => {
    const tab = document.createElement('button');
    tab.id = `tab-${pane.id}`;
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', `panel-${pane.id}`);
    tab.dataset.testid = `tab-${pane.id}`;
    tab.dataset.pane = pane.id;
    tab.dataset.group = pane.group;
    if (pane.group !== previousGroup && previousGroup !== null) tab.dataset.groupStart = 'true';
    previousGroup = pane.group;
    tab.title = `${PANE_GROUPS.find((g) => g.id === pane.group).title}: ${pane.help}`;
    tab.append(pane.title);
    if (pane.count) {
      const count = document.createElement('span');
      count.id = pane.count;
      tab.append(count);
    }
    tablist.append(tab);
    return tab;
  });
  const tucked = tabs.filter((tab) => isTucked(paneById(tab.dataset.pane)));
  let current = tabs[0];

  function showTucked(on, remember = true) {
    for (const tab of tucked) tab.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
    toggle.textContent = on ? 'Hide AST, Tokens' : 'AST, Tokens…';
    if (remember) savePreference('developer-views', on ? 'shown' : null);
    if (!on && tucked.includes(current)) select(tabs[0].dataset.pane);
  }

  function select(id, { focus = false } = {}) {
    const tab = tabs.find((t) => t.dataset.pane === id);
    if (!tab) return false;
    if (tab.hidden) showTucked(true);
    current = tab;
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !selected;
    }
    if (menu) {
      menu.textContent = `Pane: ${paneById(id).title}`;
      closeMenu();
    }
    if (focus) tab.focus();
    onSelect(id);
    return true;
  }

  function closeMenu() {
    if (!menu) return;
    menu.setAttribute('aria-expanded', 'false');
    delete tablist.dataset.open;
  }

  tablist.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) select(tab.dataset.pane);
  });
  tablist.addEventListener('keydown', (event) => {
    const shown = tabs.filter((t) => !t.hidden);
    const index = shown.indexOf(document.activeElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const to = event.key === 'Home' ? shown[0] : event.key === 'End' ? shown.at(-1) : step ? shown[(index + step + shown.length) % shown.length] : null;
    if (to) {
      event.preventDefault();
      select(to.dataset.pane, { focus: true });
    }
  });
  toggle.addEventListener('click', () => showTucked(toggle.getAttribute('aria-expanded') !== 'true'));
  menu?.addEventListener('click', () => {
    const open = menu.getAttribute('aria-expanded') !== 'true';
    menu.setAttribute('aria-expanded', String(open));
    if (open) {
      tablist.dataset.open = 'true';
      current.focus();
    } else delete tablist.dataset.open;
  });
  tablist.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && tablist.dataset.open) {
      closeMenu();
      menu.focus();
    }
  });

  showTucked(loadPreference('developer-views') === 'shown', false);
  select(tabs[0].dataset.pane);
  return { select, selected: () => current.dataset.pane, showTucked };
}
