// Resizable columns: a separator between two columns of a CSS grid, dragged with the pointer or moved with the arrow keys (a focusable ARIA separator with its value), the width kept for the next visit.
import { loadPreference, savePreference } from './storage.js';

/** How far one arrow key moves a separator (px); with Shift, four times that. */
const KEY_STEP = 16;

/**
 * Make `separator` resize `column` (an element whose width is the CSS variable `variable` of `container`):
 * `side` is 'start' when the column is left of the separator (dragging right widens it), 'end' when it is right of
 * it. `min` and `max()` bound the width (px). The width is remembered under `name`. Returns { set(px), width() }.
 */
export function resizable({ container, separator, column, variable, side, min, max, name, label }) {
  separator.setAttribute('role', 'separator');
  separator.setAttribute('aria-orientation', 'vertical');
  separator.setAttribute('aria-label', label);
  separator.setAttribute('aria-controls', column.id);
  separator.tabIndex = 0;
  separator.title = `${label}: drag, or the arrow keys (Home, End: smallest, largest)`;

  const width = () => column.getBoundingClientRect().width;
  const clampWidth = (px) => Math.round(Math.min(Math.max(px, min), Math.max(min, max())));

  /** The separator's value as assistive technology reads it: the column's width and its bounds. */
  function describe(value) {
    separator.setAttribute('aria-valuenow', String(Math.round(value)));
    separator.setAttribute('aria-valuemin', String(min));
    separator.setAttribute('aria-valuemax', String(Math.max(min, Math.round(max()))));
  }

  function set(px, remember = true) {
    const value = clampWidth(px);
    container.style.setProperty(variable, `${value}px`); // CSSOM: the CSP allows it
    describe(value);
    if (remember) savePreference(name, String(value));
  }

  let drag = null;
  separator.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag = { x: event.clientX, width: width() };
    separator.setPointerCapture(event.pointerId);
    separator.dataset.dragging = 'true';
  });
  separator.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const moved = event.clientX - drag.x;
    set(drag.width + (side === 'start' ? moved : -moved), false);
  });
  const end = () => {
    if (!drag) return;
    drag = null;
    delete separator.dataset.dragging;
    set(width());
  };
  separator.addEventListener('pointerup', end);
  separator.addEventListener('pointercancel', end);
  separator.addEventListener('keydown', (event) => {
    const step = (event.shiftKey ? 4 : 1) * KEY_STEP;
    const grow = side === 'start' ? 1 : -1;
    const to = {
      ArrowLeft: width() - step * grow,
      ArrowRight: width() + step * grow,
      Home: min,
      End: max(),
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    set(to);
  });

  const saved = Number(loadPreference(name));
  if (Number.isFinite(saved) && saved > 0) set(saved, false);
  else requestAnimationFrame(() => describe(width())); // the CSS default width stays until the user moves it
  return { set, width };
}
