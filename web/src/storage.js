// Autosave: the code, the environment's files and the settings in local storage, restored on the next visit when no link is opened; and the environment kept aside when an example or a link replaced it.
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { inflateBounded } from './bounded-inflate.js';

const KEY = 'puppet-playground/v1';
/** The environment an example, a link or an opened folder replaced, kept until the next one replaces it. */
const KEPT_KEY = `${KEY}/kept`;
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
  return readEntry(KEY);
}

/** The kept environment (as loadSaved gives, with `label`: what it was, in words), or null. */
export function loadKept() {
  return readEntry(KEPT_KEY);
}

function readEntry(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
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
  if (writeEntry(KEY, code, settings, environment)) return true;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, settings }));
  } catch {
    // Storage full or disabled (private mode): autosave is a convenience, the link still holds the code.
  }
  return false;
}

/**
 * Keep an environment aside (`{ code, settings, files, folders, open, label }`): the one an example or a link is
 * about to replace. Returns false when it does not fit (the caller then asks before replacing it).
 */
export function keep({ code, settings, ...environment }) {
  return writeEntry(KEPT_KEY, code, settings, environment);
}

export function dropKept() {
  try {
    localStorage.removeItem(KEPT_KEY);
  } catch {
    // Storage disabled: there is nothing kept.
  }
}

/** Write an entry whole, else with its files packed; false when neither fits. */
function writeEntry(key, code, settings, environment) {
  const { files, folders, ...rest } = environment;
  const attempts = [
    () => ({ code, settings, ...environment }),
    () => ({ code, settings, ...rest, packed: pack({ files, folders }) }),
  ];
  for (const attempt of Object.keys(files ?? {}).length ? attempts : attempts.slice(0, 1)) {
    try {
      localStorage.setItem(key, JSON.stringify(attempt()));
      return true;
    } catch {
      // Too large (or storage disabled): try the next, smaller form.
    }
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
