// Share links: the code or the whole environment (and settings) in the URL fragment, compressed and versioned; every published format keeps decoding.
import { strFromU8, strToU8 } from 'fflate';
import { inflateBounded, TooLarge } from './bounded-inflate.js';
import { deflateField } from './link-deflate.js';
import { certnameFor, checkCertname, DEFAULT_FACTS_TEXT } from './facts.js';
import { decodeChecks, encodeChecks } from './lint-checks.js';
import { paneById } from './panes/registry.js';
import { DEFAULT_LIMITS } from './workspace.js';

/**
 * `facts`: the Facts pane's JSON text; `certname`: the node's name (null: the one its facts describe, see
 * `certnameFor`); `log`: the lowest log level Output shows (notice, as puppet apply prints); `lint`: whether
 * the page lints as you type; `lintChecks`: the checks that differ from puppet-lint's defaults (lint-checks.js).
 */
export const DEFAULT_SETTINGS = Object.freeze({
  strict: 'error',
  stdlib: '9.7',
  facts: DEFAULT_FACTS_TEXT,
  certname: null,
  log: 'notice',
  lint: true,
  lintChecks: Object.freeze([]),
});
const STRICT = new Set(['error', 'warning', 'off']);
/** The puppetlabs-stdlib versions the built-in stdlib can follow (`stdlib`). */
export const STDLIB_VERSIONS = new Set(['9.7', '8.5']);
export const LOG_LEVELS = Object.freeze(['notice', 'info', 'debug']);

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error('it is not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * What a link may open, whatever it holds: the text of its compressed fields together (the code or the
 * environment, and the facts), at most what the engine takes as an environment (8 MiB: a 13 KB link that
 * unpacks to 10 MB of code would freeze the editor and could never run), and the files and folders of an
 * environment. A link past them is refused.
 */
export const LINK_LIMITS = Object.freeze({ maxTextBytes: DEFAULT_LIMITS.maxTotalBytes, maxFiles: 20_000 });

const MIB = 1024 * 1024;
const formatSize = (bytes) => (bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${bytes.toLocaleString('en')} bytes`);

/** A link whose text would go past `LINK_LIMITS`: the whole link is refused. */
class LinkTooLarge extends Error {}

/**
 * The text of a compressed field, inflated within what is left of the link's budget (`budget.left`,
 * bytes), which it then uses up. Throws LinkTooLarge past the budget, an Error for data that is not a
 * compressed field.
 */
function inflateField(data, budget) {
  let bytes;
  try {
    bytes = inflateBounded(fromBase64Url(data), budget.left);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new LinkTooLarge(`its text unpacks to more than ${formatSize(budget.limits.maxTextBytes)}, the most a link opens`);
    }
    throw error;
  }
  budget.left -= bytes.length;
  return strFromU8(bytes);
}

const quoted = (value) => `'${String(value).slice(0, 40).replace(/[\u0000-\u001f\u007f]/g, '?')}'`;

/** `decodeURIComponent`, or null for text that is not URI-encoded. */
function decodeComponent(text) {
  try {
    return text == null ? null : decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Settings from `key=value` pairs: `{ settings, problems }`. Unknown keys are ignored (a later format's);
 * a known key with a value that cannot be used keeps its default, and `problems` says so, in words that
 * follow "this link was opened, but".
 */
function readSettings(pairs, budget) {
  const settings = { ...DEFAULT_SETTINGS };
  const problems = [];
  const strict = pairs.get('strict');
  if (STRICT.has(strict)) settings.strict = strict;
  else if (strict != null) problems.push(`its strict setting ${quoted(strict)} is not error, warning or off: error is used`);
  const stdlib = pairs.get('stdlib');
  if (STDLIB_VERSIONS.has(stdlib)) settings.stdlib = stdlib;
  else if (stdlib != null) problems.push(`its stdlib version ${quoted(stdlib)} is not 9.7 or 8.5: 9.7 is used`);
  const facts = pairs.get('facts');
  if (facts) {
    try {
      settings.facts = inflateField(facts, budget);
    } catch (error) {
      if (error instanceof LinkTooLarge) throw error;
      problems.push(`its facts could not be read (${error.message}): the default facts are used`);
    }
  }
  // Links made before the certname had its own field compiled for the node their facts describe.
  const given = pairs.get('certname');
  const certname = decodeComponent(given);
  const refusal = certname === null ? 'not URI-encoded' : checkCertname(certname);
  settings.certname = given != null && !refusal ? certname : certnameFor(settings.facts);
  if (given != null && refusal) problems.push(`its certname could not be used (${refusal}): ${settings.certname} is used`);
  const log = pairs.get('log');
  if (LOG_LEVELS.includes(log)) settings.log = log;
  else if (log != null) problems.push(`its log level ${quoted(log)} is not notice, info or debug: notice is used`);
  const lint = pairs.get('lint');
  if (lint === 'off') settings.lint = false;
  else if (lint != null && lint !== 'on') problems.push(`its lint setting ${quoted(lint)} is not off: the page lints`);
  settings.lintChecks = decodeChecks(pairs.get('lint-checks'));
  return { settings, problems };
}

/** The longest path a link's `open=` may name (the engine's own limit on a path). */
const MAX_OPEN_PATH = DEFAULT_LIMITS.maxPathLength;

/**
 * Where the sender was, from `key=value` pairs: `{ open, at, pane }`, each only when given and usable (a
 * view is a convenience: a value that cannot be used is left out, and the link opens as it would without it).
 * `open`: the file shown (a path of the environment; the page checks it is one), `at`: the cursor as
 * `{ line, column }` (1-based), `pane`: the pane shown (an id of the pane registry).
 */
export function readView(pairs) {
  const view = {};
  const open = decodeComponent(pairs.get('open'));
  if (open && open.length <= MAX_OPEN_PATH && !/[\u0000-\u001f\u007f]/.test(open)) view.open = open;
  const at = /^(\d{1,7}):(\d{1,7})$/.exec(pairs.get('at') ?? '');
  if (at && Number(at[1]) >= 1 && Number(at[2]) >= 1) view.at = { line: Number(at[1]), column: Number(at[2]) };
  const pane = pairs.get('pane');
  if (pane && paneById(pane)) view.pane = pane;
  return view;
}

/**
 * The `;open=…;at=…;pane=…;pin=…` part of a fragment for `view` (defaults left out: snippet.pp, 1:1, Output): `add(text)`
 * adds text, `field(text)` a compressed field.
 */
function encodeView(view, add, field) {
  if (!view) return;
  if (view.open && view.open !== 'snippet.pp') add(`;open=${encodeURIComponent(view.open)}`);
  if (view.at && (view.at.line !== 1 || view.at.column !== 1)) add(`;at=${view.at.line}:${view.at.column}`);
  if (view.pane && view.pane !== 'output' && paneById(view.pane)) add(`;pane=${view.pane}`);
  if (view.pinned?.length) {
    add(';pin=');
    field(JSON.stringify(view.pinned.slice(0, MAX_PINNED).map((e) => [e.reference, e.text])));
  }
}

/** The most classes and resources a link's pinned catalog may hold (the Compare pane's). */
export const MAX_PINNED = 5000;

/**
 * The catalog pinned in the Compare pane, from `pin=<base64url of the raw-deflated JSON [[reference, text], ...]>`:
 * `[{ reference, text }]`, or null when there is none or it cannot be read (a pin is a convenience: the link opens
 * without it). Its text counts against the link's budget.
 */
function readPinned(pairs, budget) {
  const data = pairs.get('pin');
  if (!data) return null;
  let list;
  try {
    list = JSON.parse(inflateField(data, budget));
  } catch (error) {
    if (error instanceof LinkTooLarge) throw error;
    return null;
  }
  if (!Array.isArray(list) || list.length > MAX_PINNED) return null;
  const pinned = [];
  for (const entry of list) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') return null;
    pinned.push({ reference: entry[0], text: entry[1] });
  }
  return pinned;
}

/** Chat tools and some mail clients cut links longer than about this many characters. */
export const LONG_LINK = 8000;

/** The text of a link's compressed payload; an empty one is a link cut short (every encoding has bytes). */
const inflate = (data, budget) => {
  if (!data) throw new Error('the link is cut short: nothing follows its version');
  return inflateField(data, budget);
};
const paramsOf = (params) => new Map(params.map((p) => p.split('=', 2)));

/** How many keys `object` has, counting no further than `most + 1` (a link of 100,000 files stops at 20,001). */
function countUpTo(object, most) {
  let count = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    count += 1;
    if (count > most) break;
  }
  return count;
}

/** An environment read from a v2 link, checked: `{ snippet, files: { path: text }, folders: [path] }`. */
function readEnvironment(json, limits) {
  const data = JSON.parse(json);
  if (typeof data?.snippet !== 'string' || typeof data.files !== 'object' || data.files === null) throw new Error('not an environment');
  const listed = Array.isArray(data.folders) ? data.folders.length : 0;
  const count = countUpTo(data.files, limits.maxFiles - Math.min(listed, limits.maxFiles)) + listed;
  if (count > limits.maxFiles) {
    const total = Object.keys(data.files).length + listed;
    throw new LinkTooLarge(`it holds ${total.toLocaleString('en')} files and folders; a link opens at most ${limits.maxFiles.toLocaleString('en')}`);
  }
  if (!Object.values(data.files).every((text) => typeof text === 'string')) throw new Error('not an environment');
  const folders = Array.isArray(data.folders) ? data.folders.filter((f) => typeof f === 'string') : [];
  return { snippet: data.snippet, files: { ...data.files }, folders };
}

/**
 * Decoders of every fragment format ever published, by version. Never change or remove one:
 * links in the wild use them. A new format gets a new version.
 *   v1/<base64url of raw-deflated UTF-8 code>[;key=value...]   (settings: strict=warning|off, stdlib=8.5,
 *      facts=<base64url of the raw-deflated facts JSON> when they are not the default facts,
 *      certname=<URI-encoded node name> when it is not the one the facts describe (their fqdn, else
 *      web01.example.com), log=info|debug, lint=off when the page does not lint, lint-checks=<the checks that
 *      differ from puppet-lint's defaults, comma-separated: no-<check> turned off, <check> turned on>)
 *   v2/<base64url of the raw-deflated UTF-8 JSON {"snippet": code, "files": {path: text}, "folders": [empty folder]}>
 *      [;key=value...] (the same settings): a whole environment; "folders" may be missing
 * Both also take where the sender was (since issue 38; earlier pages ignore these keys): open=<URI-encoded path of
 * the file shown>, at=<line>:<column> (the cursor, 1-based, in that file), pane=<the pane shown: panes/registry.js>,
 * and (since issue 37) pin=<base64url of the raw-deflated JSON [[reference, text], ...]>: the catalog pinned in the
 * Compare pane.
 */
const DECODERS = {
  v1(rest, budget) {
    const [data, ...params] = rest.split(';');
    const pairs = paramsOf(params);
    return { code: inflate(data, budget), ...readSettings(pairs, budget), view: readView(pairs), pinned: readPinned(pairs, budget) };
  },
  v2(rest, budget) {
    const [data, ...params] = rest.split(';');
    const pairs = paramsOf(params);
    const { snippet, files, folders } = readEnvironment(inflate(data, budget), budget.limits);
    return { code: snippet, files, folders, ...readSettings(pairs, budget), view: readView(pairs), pinned: readPinned(pairs, budget) };
  },
};

/**
 * The fragment (without `#`) for `code` and `settings` in the current format: v1 for the code alone,
 * v2 when `environment` ({ files, folders }, as Workspace.toData gives) has files or folders; `view`
 * ({ open, at, pane }, see readView) says where the sender was.
 */
export function encodeFragment(code, settings = DEFAULT_SETTINGS, environment = null, view = null) {
  const plan = fragmentPlan(code, settings, environment, view);
  return plan.assemble(plan.texts.map(deflateField));
}

/**
 * `encodeFragment`'s fragment, its compressed fields made by `deflateFields(texts)` (resolving to what
 * `deflateField` makes of each: deflate-off-thread.js does it in a worker). The same text, asynchronously.
 */
export async function encodeFragmentWith(deflateFields, code, settings = DEFAULT_SETTINGS, environment = null, view = null) {
  const plan = fragmentPlan(code, settings, environment, view);
  return plan.assemble(await deflateFields(plan.texts));
}

/**
 * What a fragment is made of: `texts`, the texts of its compressed fields in order, and `assemble(fields)`, the
 * fragment from those fields compressed.
 */
function fragmentPlan(code, settings, environment, view) {
  const whole = environment && (Object.keys(environment.files ?? {}).length || environment.folders?.length);
  const texts = [];
  // The fragment's parts: text as it stands, or (a number) the index of a compressed field.
  const parts = [];
  const add = (text) => parts.push(text);
  const field = (text) => parts.push(texts.push(text) - 1);
  if (whole) {
    add('v2/');
    field(JSON.stringify({ snippet: code, files: environment.files, ...(environment.folders?.length ? { folders: environment.folders } : {}) }));
  } else {
    add('v1/');
    field(code);
  }
  if (settings.strict && settings.strict !== DEFAULT_SETTINGS.strict) add(`;strict=${settings.strict}`);
  if (settings.stdlib && settings.stdlib !== DEFAULT_SETTINGS.stdlib) add(`;stdlib=${settings.stdlib}`);
  const facts = typeof settings.facts === 'string' ? settings.facts : DEFAULT_SETTINGS.facts;
  if (facts !== DEFAULT_SETTINGS.facts) {
    add(';facts=');
    field(facts);
  }
  if (settings.certname && settings.certname !== certnameFor(facts)) add(`;certname=${encodeURIComponent(settings.certname)}`);
  if (settings.log && settings.log !== DEFAULT_SETTINGS.log) add(`;log=${settings.log}`);
  if (settings.lint === false) add(';lint=off');
  if (settings.lintChecks?.length) add(`;lint-checks=${encodeChecks(settings.lintChecks)}`);
  encodeView(view, add, field);
  return { texts, assemble: (fields) => parts.map((part) => (typeof part === 'number' ? fields[part] : part)).join('') };
}

/**
 * What a location asks to open: `{ code, files?, folders?, settings, problems, source }` (`problems`: the
 * settings it carries that could not be used, their defaults taken instead), `{ error }` for a link that
 * cannot be opened (broken, or past `LINK_LIMITS`), or null when it carries no code. `?code=<url-encoded
 * source>` (and the settings as `&strict=`, `&lint=` ...) is accepted too. Never throws. `limits`: the
 * fuzz target's smaller ones (web/fuzz), else LINK_LIMITS.
 */
export function decodeLocation(location, limits = LINK_LIMITS) {
  const budget = { left: limits.maxTextBytes, limits };
  try {
    const query = new URLSearchParams(location.search);
    if (query.has('code')) {
      const code = query.get('code');
      budget.left -= strToU8(code).length;
      if (budget.left < 0) return { error: `its code is larger than ${formatSize(limits.maxTextBytes)}, the most a link opens` };
      return { code, ...readSettings(query, budget), view: readView(query), source: 'query' };
    }
  } catch (error) {
    return { error: error instanceof LinkTooLarge ? error.message : `its settings could not be read (${error.message})` };
  }
  const fragment = location.hash.replace(/^#/, '');
  const slash = fragment.indexOf('/');
  if (slash < 0) return null;
  const decoder = DECODERS[fragment.slice(0, slash)];
  if (!decoder) return { error: `unknown link format ${quoted(fragment.slice(0, slash))}` };
  try {
    return { ...decoder(fragment.slice(slash + 1), budget), source: 'fragment' };
  } catch (error) {
    if (error instanceof LinkTooLarge) return { error: error.message };
    return { error: `the link's code could not be decoded (${error.message})` };
  }
}

/** The page's address for `code` (and `environment`, and `view`): same path, no query, the code in the fragment. */
export function shareUrl(location, code, settings, environment = null, view = null) {
  return `${location.origin}${location.pathname}#${encodeFragment(code, settings, environment, view)}`;
}

/** `shareUrl`'s address, its fields compressed by `deflateFields` (see `encodeFragmentWith`). */
export async function shareUrlWith(deflateFields, location, code, settings, environment = null, view = null) {
  return `${location.origin}${location.pathname}#${await encodeFragmentWith(deflateFields, code, settings, environment, view)}`;
}
