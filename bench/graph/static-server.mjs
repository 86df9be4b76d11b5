import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** Serves a built directory on 127.0.0.1 (an ephemeral port unless given); resolves to { url, close }. */
export function serveStatic(root, port = 0) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    try {
      if (!file.startsWith(root) || !statSync(file).isFile()) throw new Error('not a file');
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ url: `http://127.0.0.1:${bound}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

// `node bench/graph/static-server.mjs <dir> <port>` serves a directory in the foreground.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [dir = 'web/dist', port = '4174'] = process.argv.slice(2);
  const { url } = await serveStatic(join(process.cwd(), dir), Number(port));
  console.log(`serving ${dir} at ${url}`);
}
