// Autosave: the code, the environment's files and the settings in local storage, restored on the next visit when no link is opened.
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { inflateBounded } from './bounded-inflate.js';

const KEY = 'puppet-playground/v1';
/**
 * The most a packed autosave may inflate to: more than any environment the page holds (8 MiB of files, JSON
 * escapes included), so that only a corrupted or planted one is refused (and the page opens without it).
 */
const MAX_PACKED_BYTES = 64 * 1024 * 1024;

/**
 * `{ code, settings, files?, folders?, open? }`, or null. An environment too large for storage as
 * text was saved deflated (`packed`: base64 of the deflated JSON of `{ files, folders }`).
 */
export function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof saved?.code !== 'string') return null;
    if (typeof saved.packed === 'string') {
      const bytes = Uint8Array.from(atob(saved.packed), (c) => c.charCodeAt(0));
      Object.assign(saved, JSON.parse(strFromU8(inflateBounded(bytes, MAX_PACKED_BYTES))));
      delete saved.packed;
    }
    return saved;
  } catch {
    return null;
  }
}

function pack(environment) {
  const bytes = deflateSync(strToU8(JSON.stringify(environment)), { level: 6 });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Save the code, the settings and `environment` ({ files, folders, open }). Returns false when even
 * the deflated environment does not fit (the code and settings are then saved alone).
 */
export function save(code, settings, environment = {}) {
  const attempts = [
    () => ({ code, settings, ...environment }),
    () => ({ code, settings, open: environment.open, packed: pack({ files: environment.files, folders: environment.folders }) }),
  ];
  for (const attempt of Object.keys(environment.files ?? {}).length ? attempts : attempts.slice(0, 1)) {
    try {
      localStorage.setItem(KEY, JSON.stringify(attempt()));
      return true;
    } catch {
      // Too large (or storage disabled): try the next, smaller form.
    }
  }
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, settings }));
  } catch {
    // Storage full or disabled (private mode): autosave is a convenience, the link still holds the code.
  }
  return false;
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
