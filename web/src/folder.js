// Opening a folder from disk: is it an environment or one module, what Puppet would not read (skipped), and what goes past the limits (left out).
import binaryExtensions from 'binary-extensions';
import { byteLength, cleanPath, DEFAULT_LIMITS, pathBeyondLimits, SNIPPET } from './workspace.js';

const BINARY = new Set(binaryExtensions);

/** Folders Puppet never reads, wherever they are: name → why. */
const SKIPPED_ANYWHERE = {
  '.git': "Git's own data",
  '.bundle': "Bundler's settings",
  node_modules: 'npm packages',
};
/** Folders of Ruby code and tooling, except inside a module's files/ or templates/ (data Puppet serves as it is). */
const SKIPPED_FOLDERS = {
  spec: 'tests (Ruby)',
  lib: 'Ruby code (facts, functions, providers)',
  pkg: 'built module packages',
  vendor: 'vendored gems',
};
const RUBY_TOOLING = new Set(['Gemfile', 'Gemfile.lock', 'Rakefile', 'Guardfile', 'Vagrantfile']);
const AS_IS = new Set(['files', 'templates']);

/** Puppet's module names: a lower-case letter, then lower-case letters, digits and underscores. */
const MODULE_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * `lib/puppet/type/<name>.rb`: a resource type a module implements in Ruby. Ruby does not run in the
 * playground, but Puppet's compiler knows the type by this file, and so does the engine: it is kept.
 */
const isResourceType = (rest) => rest.length === 3 && rest[0] === 'puppet' && rest[1] === 'type' && /^[a-z][a-z0-9_]*\.rb$/.test(rest[2]);

/** Why a path (relative to the opened folder) is skipped, and the part of it that says so: `{ group, reason }` or null. */
export function skipReason(path) {
  const segments = path.split('/');
  const name = segments[segments.length - 1];
  let asIs = false;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    const group = `${segments.slice(0, i + 1).join('/')}${i < segments.length - 1 ? '/' : ''}`;
    if (SKIPPED_ANYWHERE[segment]) return { group, reason: SKIPPED_ANYWHERE[segment] };
    if (asIs) continue;
    const folder = i < segments.length - 1;
    if (segment === 'lib' && isResourceType(segments.slice(i + 1))) return null;
    if (folder && SKIPPED_FOLDERS[segment]) return { group, reason: SKIPPED_FOLDERS[segment] };
    if (segment.startsWith('.')) return { group, reason: 'hidden' };
    if (folder && AS_IS.has(segment)) asIs = true;
  }
  if (!asIs && (RUBY_TOOLING.has(name) || /\.(rb|gemspec)$/.test(name))) return { group: path, reason: 'Ruby tooling' };
  const extension = /\.([^./]+)$/.exec(name)?.[1].toLowerCase();
  if (extension && BINARY.has(extension)) return { group: path, reason: 'binary' };
  return null;
}

/** Text of `bytes` if they are UTF-8 text (no NUL byte), else null. */
export function textOf(bytes) {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The module's name from metadata.json's `name` (`author-name` or `author/name` → name), or null. */
export function moduleNameFromMetadata(text) {
  try {
    const name = JSON.parse(text)?.name;
    if (typeof name !== 'string') return null;
    const short = name.replace(/^[^-/]+[-/]/, '');
    return MODULE_NAME.test(short) ? short : null;
  } catch {
    return null;
  }
}

/** Why the environment cannot hold a file or folder at `path` (its name, or the limits), or null. */
function refusalOf(path, limits) {
  try {
    cleanPath(path);
  } catch (error) {
    return `its name is refused: ${error.message}`;
  }
  return pathBeyondLimits(path, limits);
}

/** Which files a limit should leave out last: manifests first, then Puppet code, then data, then the rest. */
function priority(path) {
  if (/(^|\/)manifests\/.*\.pp$/.test(path)) return 0;
  if (/\.(pp|epp)$/.test(path)) return 1;
  if (/(^|\/)(data\/|hiera\.yaml$|metadata\.json$|environment\.conf$)|\.(ya?ml|json)$/.test(path)) return 2;
  return 3;
}

const firstSegments = (paths) => new Set(paths.map((p) => p.split('/')[0]));

/** What a folder's top level looks like: `{ environment, module }`. */
function shape(paths) {
  const has = (prefix) => paths.some((p) => p.startsWith(prefix));
  const modules = has('modules/');
  return {
    environment: has('manifests/') || modules,
    module: !modules && (paths.includes('metadata.json') || paths.includes('manifests/init.pp')),
  };
}

/**
 * Plan the opening of a folder. `entries`: `[{ path, size, read() → Promise<Uint8Array> }]`, paths
 * relative to what was picked (a folder picked with the directory input has its own name first).
 * `budget(kind, prefix)` gives `{ files, bytes }` already in use that the opened files add to.
 * Returns `{ kind: 'environment' | 'module' | 'files', name, moduleName, prefix, files, folders, snippet,
 * skipped: [{ path, reason, count }], leftOut: [{ path, reason }] }`, `files` keyed by their path in the environment.
 */
export async function planFolder(entries, { name = 'folder', limits = DEFAULT_LIMITS, budget = () => ({ files: 0, bytes: 0 }) } = {}) {
  // Step into a single top folder while the top is neither an environment nor a module
  // (a picked folder's own name, a .zip whose files are all in one folder, a folder holding a repository).
  let root = '';
  let rootName = name;
  for (;;) {
    const paths = entries.filter((e) => e.path.startsWith(root)).map((e) => e.path.slice(root.length)).filter(Boolean);
    const { environment, module } = shape(paths);
    const tops = firstSegments(paths);
    if (environment || module || tops.size !== 1 || paths.some((p) => !p.includes('/'))) break;
    rootName = [...tops][0];
    root += `${rootName}/`;
  }
  const inside = entries
    .filter((e) => e.path.startsWith(root))
    .map((e) => ({ ...e, path: e.path.slice(root.length) }))
    .filter((e) => e.path !== '');
  const paths = inside.map((e) => e.path);
  const { environment, module } = shape(paths);
  const kind = module ? 'module' : environment ? 'environment' : 'files';

  let moduleName = null;
  if (kind === 'module') {
    const metadata = inside.find((e) => e.path === 'metadata.json');
    if (metadata) moduleName = moduleNameFromMetadata(textOf(await metadata.read()) ?? '');
    if (!moduleName) {
      const short = rootName.replace(/^[^-]+-/, '');
      moduleName = MODULE_NAME.test(rootName) ? rootName : MODULE_NAME.test(short) ? short : rootName;
    }
  }
  const prefix = kind === 'module' ? `modules/${moduleName}/` : '';

  // What Puppet would not read, grouped by the folder that says so.
  const skippedGroups = new Map();
  const candidates = [];
  const folders = [];
  for (const entry of inside) {
    const skip = skipReason(entry.path);
    if (!skip && entry.path.endsWith('/')) {
      // A folder a .zip lists (possibly empty): kept as a folder.
      const folder = prefix + entry.path.slice(0, -1);
      if (!refusalOf(folder, limits)) folders.push(cleanPath(folder));
      continue;
    }
    if (!skip) {
      candidates.push(entry);
      continue;
    }
    const group = skippedGroups.get(skip.group) ?? { path: skip.group, reason: skip.reason, count: 0 };
    if (entry.folder) group.unwalked = true; // a dropped folder not even walked (.git)
    else group.count += 1;
    skippedGroups.set(skip.group, group);
  }
  const skipped = [...skippedGroups.values()];
  const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

  // The limits: the most useful files first (manifests, Puppet code, data), each in path order.
  candidates.sort((a, b) => priority(a.path) - priority(b.path) || byPath(a, b));
  const used = budget(kind, prefix);
  let fileCount = used.files;
  let bytes = used.bytes;
  const files = {};
  const leftOut = [];
  let snippet = null;
  for (const entry of candidates) {
    const target = prefix + entry.path;
    const isSnippet = kind !== 'module' && entry.path === SNIPPET;
    const beyond = isSnippet ? null : refusalOf(target, limits);
    if (beyond) {
      leftOut.push({ path: target, reason: beyond });
      continue;
    }
    if (!isSnippet && fileCount >= limits.maxFiles) {
      leftOut.push({ path: target, reason: `the environment holds at most ${limits.maxFiles.toLocaleString('en')} files` });
      continue;
    }
    if (!isSnippet && bytes + entry.size > limits.maxTotalBytes) {
      leftOut.push({ path: target, reason: `it would take the environment past ${formatBytes(limits.maxTotalBytes)}` });
      continue;
    }
    const text = textOf(await entry.read());
    if (text === null) {
      skipped.push({ path: entry.path, reason: 'binary', count: 1 });
      continue;
    }
    if (isSnippet) {
      snippet = text;
      continue;
    }
    files[cleanPath(target)] = text;
    fileCount += 1;
    bytes += byteLength(text);
  }
  skipped.sort(byPath);
  return { kind, name: rootName, moduleName, prefix, files, folders, snippet, skipped, leftOut };
}

export function formatBytes(n) {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

const plural = (n, noun) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/** What the page says about an opened folder: `{ summary, skipped: [lines], leftOut: [lines] }`. */
export function describePlan(plan) {
  const count = Object.keys(plan.files).length;
  const where =
    plan.kind === 'module'
      ? `the module ${plan.moduleName} into ${plan.prefix}`
      : plan.kind === 'environment'
        ? `${plan.name} as the environment`
        : `${plan.name} (no manifests/ or modules/ in it: its files are the environment as they are)`;
  const skippedFiles = plan.skipped.reduce((n, s) => n + s.count, 0);
  let summary = `Opened ${where}: ${plural(count, 'file')}.`;
  if (plan.skipped.length) {
    const what = [skippedFiles && plural(skippedFiles, 'file'), plan.skipped.some((s) => s.unwalked) && 'folders'].filter(Boolean);
    summary += ` Skipped ${what.join(' and ')} Puppet does not read.`;
  }
  if (plan.leftOut.length) summary += ` Left out ${plural(plan.leftOut.length, 'file')} beyond the playground's limits.`;
  return {
    summary,
    skipped: plan.skipped.map((s) => `${s.path} (${s.reason}${s.count > 1 ? `, ${plural(s.count, 'file')}` : ''})`),
    leftOut: plan.leftOut.map((l) => `${l.path}: ${l.reason}`),
  };
}
