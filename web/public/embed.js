// Runnable Puppet snippets on any page: <script src="https://<playground>/embed.js" defer></script> turns every
// <pre data-puppet> and <code class="language-puppet"> block into the playground's embedded view, in an iframe of the
// playground's own origin (so each embed starts its own engine worker there: a page of another origin cannot start a
// worker from ours). The host page's own scripts and layout are not touched beyond the replaced blocks; this script
// defines no globals.
(() => {
  const script = document.currentScript;
  if (!script || !script.src) return;
  const origin = new URL(script.src).origin;
  const embedUrl = new URL('embed/', script.src);
  // The messages of the embedded view (web/src/embed/messages.js).
  const READY = 'puppet-playground:ready';
  const CODE = 'puppet-playground:code';
  const HEIGHT = 'puppet-playground:height';
  const frames = new Map(); // frame number → { iframe, code }
  let next = 0;

  /** The block a snippet lives in: a <code class="language-puppet"> inside a <pre> is replaced with its <pre>. */
  function blockOf(element) {
    const parent = element.parentElement;
    return element.tagName === 'CODE' && parent && parent.tagName === 'PRE' && parent.children.length === 1 ? parent : element;
  }

  function embed(element) {
    const block = blockOf(element);
    if (block.dataset.puppetEmbedded) return;
    block.dataset.puppetEmbedded = 'true';
    const code = element.textContent.replace(/\n$/, '');
    const frame = next++;
    const iframe = document.createElement('iframe');
    const src = new URL(embedUrl);
    src.searchParams.set('frame', String(frame));
    iframe.src = src.href;
    iframe.title = 'Puppet playground: runnable snippet';
    iframe.loading = 'lazy';
    iframe.className = 'puppet-playground-embed';
    iframe.setAttribute('data-puppet-embed', String(frame));
    // Through the CSSOM, which a host page's CSP without 'unsafe-inline' styles still allows (a style attribute it would not).
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.height = `${Math.max(8, code.split('\n').length + 5) * 1.4}em`;
    frames.set(frame, { iframe, code });
    block.replaceWith(iframe);
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || typeof event.data !== 'object' || event.data === null) return;
    const entry = frames.get(event.data.frame);
    if (!entry || event.source !== entry.iframe.contentWindow) return;
    if (event.data.type === READY) {
      event.source.postMessage({ type: CODE, code: entry.code }, origin);
    } else if (event.data.type === HEIGHT && Number.isFinite(event.data.height)) {
      entry.iframe.style.height = `${Math.min(Math.max(event.data.height, 60), 4000)}px`;
    }
  });

  function embedAll() {
    document.querySelectorAll('pre[data-puppet], code.language-puppet').forEach(embed);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', embedAll, { once: true });
  else embedAll();
})();
