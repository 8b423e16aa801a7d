// Static server for web/dist with the same headers as netlify.toml (CSP, application/wasm, caching).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, posix, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'smol-toml';

const here = dirname(fileURLToPath(import.meta.url));
// DIST names another build to serve (measuring one build against another in the same sitting).
const root = resolve(process.env.DIST ?? resolve(here, '..', 'dist'));
const netlify = parse(await readFile(resolve(here, '..', '..', 'netlify.toml'), 'utf8'));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Netlify's `for` patterns: `*` matches any run of characters. */
function matches(pattern, path) {
  const regex = new RegExp('^' + pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return regex.test(path);
}

/**
 * Netlify's `[[redirects]]` that this server keeps: a rule whose `from` is the path and whose `query` names
 * parameters all present in the request sends the client to `to` with the request's query (the embedded view's
 * `/?embed` is one). Returns `{ status, location }` or null.
 */
export function redirectFor(url) {
  for (const rule of netlify.redirects ?? []) {
    if (rule.from !== url.pathname || !rule.query) continue;
    if (!Object.keys(rule.query).every((name) => url.searchParams.has(name))) continue;
    return { status: rule.status ?? 301, location: `${rule.to}${url.search}` };
  }
  return null;
}

export function headersFor(path) {
  const headers = {};
  for (const rule of netlify.headers ?? []) {
    if (matches(rule.for, path)) Object.assign(headers, rule.values);
  }
  return headers;
}

/**
 * The site path a request's path names, decoded once and then normalised: `{ path }` (starting with `/`), or
 * `{ refused }` saying why not. A path whose decoded form climbs (`..`, `%2e%2e`, `..%2f`), or holds a
 * backslash or a NUL, is refused outright rather than resolved: the headers a path gets (the embedded view
 * may be framed) must be those of the file it serves.
 */
export function sitePath(rawPathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return { refused: 'the path is not URI-encoded' };
  }
  if (/[\\\0]/.test(decoded)) return { refused: 'the path holds a backslash or a NUL' };
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return { refused: 'the path has . or .. segments' };
  const path = posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
  return { path: path.endsWith('/') ? `${path}index.html` : path };
}

/** Types a host such as Netlify sends compressed. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt']);
const gzipped = new Map();

/** `gzip`: send compressible files gzipped (-9) to clients that accept it, as the host does (web/scripts/measure.mjs's throttled runs). */
export function startServer(port = Number(process.env.PORT ?? 8080), host = '127.0.0.1', { gzip = false } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      const redirect = redirectFor(url);
      if (redirect) {
        res.writeHead(redirect.status, { Location: redirect.location, 'Cache-Control': 'no-cache' }).end();
        return;
      }
      const { path, refused } = sitePath(url.pathname);
      if (refused) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`bad request: ${refused}`);
        return;
      }
      const file = join(root, path);
      if (file !== root && !file.startsWith(`${root}/`)) {
        res.writeHead(403, { 'Content-Type': 'text/plain' }).end('forbidden');
        return;
      }
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      let body = await readFile(file);
      const compress = gzip && COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (compress) {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
        body = gzipped.get(file);
      }
      res.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ...(compress ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
        ...headersFor(path),
      });
      res.end(body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    }
  });
  return new Promise((resolvePromise) => {
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  const { port } = server.address();
  console.log(`Puppet playground: http://127.0.0.1:${port}/  (serving ${root}; Ctrl+C stops)`);
}
