// The messages between the embedded view and the page that frames it (public/embed.js speaks the same three).

export const MESSAGE = Object.freeze({
  /** view → page: the view has loaded without code in its address and waits for the block's code. */
  ready: 'puppet-playground:ready',
  /** page → view: `{ code }`, the block's text, run at once. */
  code: 'puppet-playground:code',
  /** view → page: `{ height }` in CSS pixels, whenever the content's height changes. */
  height: 'puppet-playground:height',
});

/** The frame's number among the page's embeds (`?frame=N`), echoed in every message so the page knows which frame spoke. */
export function readFrameId(search) {
  const value = new URLSearchParams(search).get('frame');
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}
