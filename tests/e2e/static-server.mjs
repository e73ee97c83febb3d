// A small static file server for dist/: correct MIME types (application/wasm), optional extra
// headers (the e2e suite serves the book page under a strict Content-Security-Policy), and a log of
// every request so a test can count how often the wasm was fetched.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

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

// `mounts` maps URL prefixes to other folders (the e2e fixtures); `delay` holds back matching
// responses (a slow network for the wasm, to see the page before the demos arrive).
export async function startServer(root, { port = 0, host = '127.0.0.1', headers = () => ({}), mounts = {}, delay = () => 0 } = {}) {
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
    if (wait) await new Promise((done) => setTimeout(done, wait));
    if (!path.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
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

// `node tests/e2e/static-server.mjs dist 8080` serves a folder until interrupted.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await startServer(root, { port: Number(port) });
  console.log(`serving ${root} at ${server.url}/ (Ctrl-C stops)`);
}
