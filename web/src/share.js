// Share links: the code or the whole environment (and settings) in the URL fragment, compressed and versioned; every published format keeps decoding.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { certnameFor, checkCertname, DEFAULT_FACTS_TEXT } from './facts.js';
import { decodeChecks, encodeChecks } from './lint-checks.js';

/**
 * `facts`: the Facts pane's JSON text; `certname`: the node's name (null: the one its facts describe, see
 * `certnameFor`); `log`: the lowest log level Output shows (notice, as puppet apply prints); `lint`: whether
 * the page lints as you type; `lintChecks`: the checks that differ from puppet-lint's defaults (lint-checks.js).
 */
export const DEFAULT_SETTINGS = Object.freeze({
  strict: 'error',
  facts: DEFAULT_FACTS_TEXT,
  certname: null,
  log: 'notice',
  lint: true,
  lintChecks: Object.freeze([]),
});
const STRICT = new Set(['error', 'warning', 'off']);
export const LOG_LEVELS = Object.freeze(['notice', 'info', 'debug']);

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** `decodeURIComponent`, or null for text that is not URI-encoded. */
function decodeComponent(text) {
  try {
    return text == null ? null : decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Settings from `key=value` pairs, keeping only known keys with valid values. */
function readSettings(pairs) {
  const settings = { ...DEFAULT_SETTINGS };
  const strict = pairs.get('strict');
  if (STRICT.has(strict)) settings.strict = strict;
  const facts = pairs.get('facts');
  if (facts) settings.facts = strFromU8(inflateSync(fromBase64Url(facts)));
  // Links made before the certname had its own field compiled for the node their facts describe.
  const certname = decodeComponent(pairs.get('certname'));
  settings.certname = certname && !checkCertname(certname) ? certname : certnameFor(settings.facts);
  const log = pairs.get('log');
  if (LOG_LEVELS.includes(log)) settings.log = log;
  if (pairs.get('lint') === 'off') settings.lint = false;
  settings.lintChecks = decodeChecks(pairs.get('lint-checks'));
  return settings;
}

/** Chat tools and some mail clients cut links longer than about this many characters. */
export const LONG_LINK = 8000;

/** The text of a link's compressed payload; an empty one is a link cut short (every encoding has bytes). */
const inflate = (data) => {
  if (!data) throw new Error('the link is cut short: nothing follows its version');
  return strFromU8(inflateSync(fromBase64Url(data)));
};
const deflate = (text) => toBase64Url(deflateSync(strToU8(text), { level: 9 }));
const paramsOf = (params) => new Map(params.map((p) => p.split('=', 2)));

/** An environment read from a v2 link, checked: `{ snippet, files: { path: text }, folders: [path] }`. */
function readEnvironment(json) {
  const data = JSON.parse(json);
  const texts = (object) => Object.entries(object ?? {}).every(([, text]) => typeof text === 'string');
  if (typeof data?.snippet !== 'string' || typeof data.files !== 'object' || !texts(data.files)) {
    throw new Error('not an environment');
  }
  const folders = Array.isArray(data.folders) ? data.folders.filter((f) => typeof f === 'string') : [];
  return { snippet: data.snippet, files: { ...data.files }, folders };
}

/**
 * Decoders of every fragment format ever published, by version. Never change or remove one:
 * links in the wild use them. A new format gets a new version.
 *   v1/<base64url of raw-deflated UTF-8 code>[;key=value...]   (settings: strict=warning|off,
 *      facts=<base64url of the raw-deflated facts JSON> when they are not the default facts,
 *      certname=<URI-encoded node name> when it is not the one the facts describe (their fqdn, else
 *      web01.example.com), log=info|debug, lint=off when the page does not lint, lint-checks=<the checks that
 *      differ from puppet-lint's defaults, comma-separated: no-<check> turned off, <check> turned on>)
 *   v2/<base64url of the raw-deflated UTF-8 JSON {"snippet": code, "files": {path: text}, "folders": [empty folder]}>
 *      [;key=value...] (the same settings): a whole environment; "folders" may be missing
 */
const DECODERS = {
  v1(rest) {
    const [data, ...params] = rest.split(';');
    return { code: inflate(data), settings: readSettings(paramsOf(params)) };
  },
  v2(rest) {
    const [data, ...params] = rest.split(';');
    const { snippet, files, folders } = readEnvironment(inflate(data));
    return { code: snippet, files, folders, settings: readSettings(paramsOf(params)) };
  },
};

/**
 * The fragment (without `#`) for `code` and `settings` in the current format: v1 for the code alone,
 * v2 when `environment` ({ files, folders }, as Workspace.toData gives) has files or folders.
 */
export function encodeFragment(code, settings = DEFAULT_SETTINGS, environment = null) {
  const whole = environment && (Object.keys(environment.files ?? {}).length || environment.folders?.length);
  let fragment = whole
    ? `v2/${deflate(JSON.stringify({ snippet: code, files: environment.files, ...(environment.folders?.length ? { folders: environment.folders } : {}) }))}`
    : `v1/${deflate(code)}`;
  if (settings.strict && settings.strict !== DEFAULT_SETTINGS.strict) fragment += `;strict=${settings.strict}`;
  const facts = typeof settings.facts === 'string' ? settings.facts : DEFAULT_SETTINGS.facts;
  if (facts !== DEFAULT_SETTINGS.facts) fragment += `;facts=${deflate(facts)}`;
  if (settings.certname && settings.certname !== certnameFor(facts)) {
    fragment += `;certname=${encodeURIComponent(settings.certname)}`;
  }
  if (settings.log && settings.log !== DEFAULT_SETTINGS.log) fragment += `;log=${settings.log}`;
  if (settings.lint === false) fragment += ';lint=off';
  if (settings.lintChecks?.length) fragment += `;lint-checks=${encodeChecks(settings.lintChecks)}`;
  return fragment;
}

/**
 * What a location asks to open: `{ code, files?, folders?, settings, source }`, `{ error }` for a link that cannot be read,
 * or null when it carries no code. `?code=<url-encoded source>` (and the settings as `&strict=`, `&lint=` ...) is accepted too.
 */
export function decodeLocation(location) {
  const query = new URLSearchParams(location.search);
  if (query.has('code')) {
    return { code: query.get('code'), settings: readSettings(query), source: 'query' };
  }
  const fragment = location.hash.replace(/^#/, '');
  const slash = fragment.indexOf('/');
  if (slash < 0) return null;
  const decoder = DECODERS[fragment.slice(0, slash)];
  if (!decoder) return { error: `unknown link format '${fragment.slice(0, slash)}'` };
  try {
    return { ...decoder(fragment.slice(slash + 1)), source: 'fragment' };
  } catch (error) {
    return { error: `the link's code could not be decoded (${error.message})` };
  }
}

/** The page's address for `code` (and `environment`): same path, no query, the code in the fragment. */
export function shareUrl(location, code, settings, environment = null) {
  return `${location.origin}${location.pathname}#${encodeFragment(code, settings, environment)}`;
}
