// The note under the status line that offers one action (bring back the environment an example or a link replaced), until dismissed or acted on.

/** `elements`: { bar, text, action, close }. Returns { show(text, action?), hide() }. */
export function createNotice({ bar, text, action, close }) {
  let run = null;
  function hide() {
    bar.hidden = true;
    run = null;
  }
  action.addEventListener('click', () => {
    const chosen = run;
    hide();
    chosen?.();
  });
  close.addEventListener('click', hide);
  return {
    /** Show `message`; `offer` ({ label, run }) adds its button. */
    show(message, offer = null) {
      text.textContent = message;
      action.hidden = !offer;
      action.textContent = offer?.label ?? '';
      run = offer?.run ?? null;
      bar.hidden = false;
    },
    hide,
    get shown() {
      return !bar.hidden;
    },
  };
}
