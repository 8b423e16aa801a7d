// The environment being edited, as data: the snippet (the main code, `snippet.pp`) and the environment's files and folders.

/** The main code's name in the Files pane and in the engine's messages. */
export const SNIPPET = 'snippet.pp';

/**
 * The global Hiera layer's hiera.yaml, when the environment has a file here (its datadir beside it:
 * `@global/data/...`); the CLI's JSON protocol names the global layer the same way.
 */
export const GLOBAL_HIERA = '@global/hiera.yaml';

/** The engine's limits for an environment until its `environment_limits()` says otherwise. */
export const DEFAULT_LIMITS = Object.freeze({
  maxFiles: 2000,
  maxTotalBytes: 8 * 1024 * 1024,
  maxPathLength: 256,
  maxDepth: 16,
});

const encoder = new TextEncoder();
/** The UTF-8 size of a text, as the engine counts it. */
export const byteLength = (text) => encoder.encode(text).length;

/** Code-unit order, folders and files alike: the same on every machine (localeCompare is not). */
const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** A clean relative path ('/'-separated, no empty, '.' or '..' segments), or an Error saying why not. */
export function cleanPath(input) {
  const path = String(input).trim().replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  if (path === '') throw new Error('a name is needed');
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') throw new Error(`'${segment}' cannot be part of a path`);
    if (/[\u0000-\u001f\u007f]/.test(segment)) throw new Error('a name cannot hold control characters');
    if (segment.trim() !== segment) throw new Error('a name cannot start or end with a space');
  }
  return path;
}

/** Why `path` is beyond the limits, or null. */
export function pathBeyondLimits(path, limits = DEFAULT_LIMITS) {
  if (path.length > limits.maxPathLength) return `its path is longer than ${limits.maxPathLength} characters`;
  if (path.split('/').length > limits.maxDepth) return `it is nested deeper than ${limits.maxDepth} levels`;
  return null;
}

/** The folder a path is in ('' for the root). */
export const parentOf = (path) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));
const under = (path, folder) => folder === '' || path.startsWith(`${folder}/`);

export class Workspace {
  /** `files`: path → text; `folders`: folder paths (empty ones need listing; others follow from the files). */
  constructor({ snippet = '', files = {}, folders = [] } = {}) {
    this.snippet = snippet;
    this.files = new Map();
    this.folders = new Set();
    for (const [path, text] of Object.entries(files)) this.files.set(cleanPath(path), String(text));
    for (const folder of folders) this.folders.add(cleanPath(folder));
  }

  /** A copy to try changes on: the original changes only once they all succeed. */
  clone() {
    const copy = new Workspace({ snippet: this.snippet });
    copy.files = new Map(this.files);
    copy.folders = new Set(this.folders);
    return copy;
  }

  /** Plain data (for links, the autosave and the engine): only empty folders are listed. */
  toData() {
    const files = Object.fromEntries([...this.files].sort(([a], [b]) => byName(a, b)));
    const folders = [...this.folders].filter((f) => !this.hasContent(f)).sort(byName);
    return folders.length ? { snippet: this.snippet, files, folders } : { snippet: this.snippet, files };
  }

  /** The environment's files for the engine (without the snippet). */
  filesObject() {
    return Object.fromEntries(this.files);
  }

  get isEmpty() {
    return this.files.size === 0 && this.folders.size === 0;
  }

  textOf(path) {
    return path === SNIPPET ? this.snippet : this.files.get(path);
  }

  setText(path, text) {
    if (path === SNIPPET) this.snippet = text;
    else if (this.files.has(path)) this.files.set(path, text);
  }

  isFile(path) {
    return path === SNIPPET || this.files.has(path);
  }

  /** Whether a file or a listed folder lies below `folder`. */
  hasContent(folder) {
    for (const path of this.files.keys()) if (under(path, folder)) return true;
    for (const path of this.folders) if (under(path, folder)) return true;
    return false;
  }

  isFolder(path) {
    return this.folders.has(path) || this.hasContent(path);
  }

  exists(path) {
    return this.isFile(path) || this.isFolder(path);
  }

  /** Every folder: the listed ones and those that hold files, with their ancestors. */
  allFolders() {
    const folders = new Set();
    const addWithAncestors = (path) => {
      for (let p = path; p && !folders.has(p); p = parentOf(p)) folders.add(p);
    };
    for (const path of this.folders) addWithAncestors(path);
    for (const path of this.files.keys()) addWithAncestors(parentOf(path));
    return folders;
  }

  /** The direct children of `folder` ('' for the root): folders first, then files, each by name. */
  childrenOf(folder, allFolders = this.allFolders()) {
    const depth = folder === '' ? 1 : folder.split('/').length + 1;
    const direct = (path) => under(path, folder) && path.split('/').length === depth;
    const folders = [...allFolders].filter(direct).sort(byName);
    const files = [...this.files.keys()].filter(direct).sort(byName);
    return [
      ...folders.map((path) => ({ path, kind: 'folder' })),
      ...files.map((path) => ({ path, kind: 'file' })),
    ];
  }

  /** The files at or below `path` (a file, or every file of a folder). */
  filesUnder(path) {
    return [...this.files.keys()].filter((p) => p === path || under(p, path));
  }

  /** The environment's size: files and UTF-8 bytes (the snippet is not part of it). */
  size() {
    let bytes = 0;
    for (const text of this.files.values()) bytes += byteLength(text);
    return { files: this.files.size, bytes };
  }

  /** The main manifest Puppet compiles: the snippet while it is not empty, else `manifests/`. */
  mainManifest() {
    return this.snippet.trim() === '' ? 'manifests' : 'snippet';
  }

  /** Why `path` cannot be created (or a file/folder renamed to it), or null. */
  refusal(path, limits = DEFAULT_LIMITS) {
    if (path === SNIPPET) return `${SNIPPET} is the main code's name; pick another`;
    if (this.exists(path)) return `${path} already exists`;
    for (let p = parentOf(path); p; p = parentOf(p)) {
      if (this.files.has(p)) return `${p} is a file, not a folder`;
    }
    const beyond = pathBeyondLimits(path, limits);
    return beyond ? `${path} cannot be made: ${beyond}` : null;
  }

  /** Add a file; returns its clean path or throws an Error saying why not. */
  addFile(input, text = '', limits = DEFAULT_LIMITS) {
    const path = cleanPath(input);
    const refusal = this.refusal(path, limits);
    if (refusal) throw new Error(refusal);
    if (this.files.size >= limits.maxFiles) throw new Error(`an environment holds at most ${limits.maxFiles} files`);
    this.files.set(path, text);
    this.dropListedAncestors(path);
    return path;
  }

  /** Add a folder; returns its clean path or throws. */
  addFolder(input, limits = DEFAULT_LIMITS) {
    const path = cleanPath(input);
    const refusal = this.refusal(path, limits);
    if (refusal) throw new Error(refusal);
    this.folders.add(path);
    this.dropListedAncestors(path);
    return path;
  }

  /** Listed folders that now hold something need no listing. */
  dropListedAncestors(path) {
    for (let p = parentOf(path); p; p = parentOf(p)) this.folders.delete(p);
  }

  /**
   * Rename (or move) a file or a folder with everything in it. Returns `{ to, moves }`: the clean new
   * path and `[[from, to], ...]` for every file moved; or throws an Error saying why not.
   */
  rename(from, input, limits = DEFAULT_LIMITS) {
    if (from === SNIPPET) throw new Error(`${SNIPPET} cannot be renamed`);
    const to = cleanPath(input);
    if (to === from) return { to, moves: [] };
    if (under(to, from)) throw new Error(`a folder cannot move into itself`);
    const refusal = this.refusal(to, limits);
    if (refusal) throw new Error(refusal);
    const moves = this.filesUnder(from).map((path) => [path, to + path.slice(from.length)]);
    for (const [, path] of moves) {
      const beyond = pathBeyondLimits(path, limits);
      if (beyond) throw new Error(`${path} cannot be made: ${beyond}`);
    }
    const wasFolder = !this.files.has(from);
    for (const [old, path] of moves) {
      const text = this.files.get(old);
      this.files.delete(old);
      this.files.set(path, text);
    }
    for (const folder of [...this.folders]) {
      if (folder === from || under(folder, from)) {
        this.folders.delete(folder);
        this.folders.add(to + folder.slice(from.length));
      }
    }
    if (wasFolder && moves.length === 0) this.folders.add(to);
    this.dropListedAncestors(to);
    return { to, moves };
  }

  /** Delete a file or a folder with everything in it; returns the files deleted. */
  remove(path) {
    if (path === SNIPPET) throw new Error(`${SNIPPET} cannot be deleted`);
    const removed = this.filesUnder(path);
    for (const file of removed) this.files.delete(file);
    for (const folder of [...this.folders]) if (folder === path || under(folder, path)) this.folders.delete(folder);
    // The folder it was in stays, even when now empty.
    const parent = parentOf(path);
    if (parent && !this.hasContent(parent)) this.folders.add(parent);
    return removed;
  }
}

