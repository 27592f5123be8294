/**
 * The baseline: bare node:http answering the same bytes from memory. argv[2] is JSON mapping a
 * path to the file holding the bytes and their content encoding.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const config = JSON.parse(process.argv[2] ?? '{}') as Record<
  string,
  { file: string; encoding: string | null }
>;
const routes = new Map(
  Object.entries(config).map(([p, r]) => [p, { body: readFileSync(r.file), encoding: r.encoding }]),
);
const server = createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': route.body.length,
    ...(route.encoding ? { 'content-encoding': route.encoding } : {}),
  });
  res.end(route.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    JSON.stringify({ ready: true, port: typeof address === 'object' && address ? address.port : 0 }),
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
