// A small static file server for dist/ and the VitePress book: correct MIME types
// (application/wasm), brotli for clients that accept it (as any real host compresses; the
// slow-network figures depend on it), optional extra headers (the e2e suite serves the book page
// under a strict Content-Security-Policy), and a log of every request so a test can count how often
// the wasm was fetched.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg']);
// Compressed once per file version: brotli at its highest quality takes a while for a wasm module.
const compressed = new Map();
function brotli(path, body, mtime) {
  const key = `${path}:${mtime}`;
  if (!compressed.has(key)) {
    compressed.set(key, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return compressed.get(key);
}

// The cache headers the README asks a host to send: files named after their content never change,
// everything else (the loader, the stylesheet, pages) is checked again on every use.
export const README_CACHING = (path) => ({
  'cache-control': /\.[0-9a-f]{12}\.(js|wasm)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
});

// `mounts` maps URL prefixes to other folders (the e2e fixtures); `delay` holds back matching
// responses, by milliseconds or until a promise settles (a slow network for the wasm, to see the page before the demos arrive); `refuse`
// answers matching requests 503 (a file that cannot be fetched); `rewrite` may change an HTML
// page before it is sent (a measurement's variant of a page). Responses are
// not cached unless `caching` says otherwise (README_CACHING is what the README recommends).
export async function startServer(root, {
  port = 0, host = '127.0.0.1', headers = () => ({}), mounts = {}, delay = () => 0, refuse = () => false,
  caching = () => ({ 'cache-control': 'no-store' }), rewrite = null,
} = {}) {
  const base = resolve(root);
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    const prefix = Object.keys(mounts).find((p) => url.pathname.startsWith(p));
    const dir = prefix ? resolve(mounts[prefix]) : base;
    const rest = prefix ? url.pathname.slice(prefix.length) : url.pathname;
    let path = normalize(join(dir, decodeURIComponent(rest)));
    const wait = delay(url.pathname);
    if (wait) await (typeof wait.then === 'function' ? wait : new Promise((done) => setTimeout(done, wait)));
    if (!path.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (refuse(url.pathname)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('refused for the test');
      return;
    }
    try {
      let info = await stat(path);
      if (info.isDirectory()) {
        path = join(path, 'index.html');
        info = await stat(path);
      }
      let body = await readFile(path);
      let version = info.mtimeMs;
      if (rewrite && extname(path) === '.html') {
        const changed = rewrite(url, body.toString('utf8'));
        if (changed !== undefined) {
          body = Buffer.from(changed);
          version = `${version}${url.search}`;
        }
      }
      const encoding = {};
      if (COMPRESSIBLE.has(extname(path)) && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = brotli(path, body, version);
        encoding['content-encoding'] = 'br';
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        vary: 'accept-encoding',
        ...encoding,
        ...caching(url.pathname),
        ...headers(url.pathname),
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, host, ok));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

// `node tests/e2e/static-server.mjs dist 8080` serves a folder until interrupted, with the cache
// headers the README recommends.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await startServer(root, { port: Number(port), caching: README_CACHING });
  console.log(`serving ${root} at ${server.url}/ (Ctrl-C stops)`);
}
