// A text's fingerprint (FNV-1a, 32 bits, over its UTF-16 code units): enough to tell whether the Facts pane holds a
// preset's text without fetching the preset. The build computes the presets' with the same function.

/** The fingerprint of `text`, an unsigned 32-bit integer. */
export function textFingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}
