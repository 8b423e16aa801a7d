// Autosave: the editor's code and settings in local storage, restored on the next visit when no link is opened.
const KEY = 'puppet-playground/v1';

export function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return typeof saved?.code === 'string' ? saved : null;
  } catch {
    return null;
  }
}

export function save(code, settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, settings }));
  } catch {
    // Storage full or disabled (private mode): autosave is a convenience, the link still holds the code.
  }
}

/** A small preference (theme) under its own key. */
export function loadPreference(name) {
  try {
    return localStorage.getItem(`${KEY}/${name}`);
  } catch {
    return null;
  }
}

export function savePreference(name, value) {
  try {
    if (value == null) localStorage.removeItem(`${KEY}/${name}`);
    else localStorage.setItem(`${KEY}/${name}`, value);
  } catch {
    // See save().
  }
}
