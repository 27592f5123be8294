/** The baseline: bare node:http answering the same bytes from memory (path -> file given as JSON in argv). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const routes = new Map(Object.entries(JSON.parse(process.argv[2] ?? '{}') as Record<string, string>).map(([p, file]) => [p, readFileSync(file)]));
const server = createServer((req, res) => {
  const body = routes.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ ready: true, port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
