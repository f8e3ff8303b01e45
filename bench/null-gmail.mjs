// A Gmail API receiver that costs (almost) nothing, for bench/engine-dispatch.mjs with BENCH_RECEIVER=null:
// the engine's own speed with the sandbox Gmail's parsing and writes taken out. messages.send answers
// { id, threadId, labelIds } like Gmail and counts each Message-ID it received; GET /received answers
// { messages, ids, connections } (connections the engine opened: 32 lanes on kept-alive sockets open about
// 32), so the bench can still check that every email arrived exactly once. Prints
// `listening <port>` when ready. Not a sandbox: it checks no token and refuses nothing.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const received = new Map();
let messages = 0;
let connections = 0;

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/received') {
      return answer(200, { messages, ids: received.size, connections: connections - 1 });
    }
    if (request.method !== 'POST' || !request.url?.endsWith('/messages/send')) {
      return answer(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    }
    const { raw, threadId } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const headers = Buffer.from(raw.slice(0, 4096), 'base64url').toString('utf8');
    const messageId = /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '';
    received.set(messageId, (received.get(messageId) ?? 0) + 1);
    messages += 1;
    const id = randomBytes(8).toString('hex');
    answer(200, { id, threadId: threadId ?? id, labelIds: ['SENT'] });
  });
});
server.on('connection', () => {
  connections += 1;
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
