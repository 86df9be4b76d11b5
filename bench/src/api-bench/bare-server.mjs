// The ceiling: a bare Fastify route answering the very bytes and headers the gateway sends for
// GET /api/network, with nothing else (no session, no NATS, no Redis).
//   node bare-server.mjs <port> <body file> '<json headers>'
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [port, file, headersJson] = process.argv.slice(2);
const body = readFileSync(file);
const headers = JSON.parse(headersJson);
const app = Fastify({ logger: false });
app.get('/api/network', (_request, reply) => {
  void reply.headers(headers).header('content-length', body.length).send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
