// A pane that draws only while it is shown: the latest data is kept, drawn when the pane is (or becomes) visible, and not drawn again when nothing it shows changed.

/**
 * `panel`: the pane's element (hidden while another tab is shown). `draw(data)` fills it. `keyOf(data)`, when
 * given, says what the drawing depends on: data with the same key as the last drawn is not drawn again.
 * Returns { update(data), redraw(), visible() }.
 */
export function lazyPane(panel, draw, keyOf = null) {
  let latest;
  let has = false;
  let drawnKey;
  let drawn = false;
  const visible = () => !panel.hidden && !panel.closest('[hidden]');

  function drawNow(force = false) {
    if (!has || !visible()) return;
    const key = keyOf ? keyOf(latest) : undefined;
    if (!force && drawn && keyOf && key === drawnKey) return;
    draw(latest);
    drawn = true;
    drawnKey = key;
  }

  // The tabs show a pane by clearing its `hidden` attribute.
  new MutationObserver(() => drawNow()).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  return {
    update(data) {
      latest = data;
      has = true;
      drawn = drawn && keyOf !== null;
      drawNow();
    },
    /** Draw again even if the data is the same (a setting the drawing reads changed). */
    redraw() {
      drawNow(true);
    },
    visible,
  };
}
