// Fan-out benchmark baseline: a bare node:http SSE broadcaster (no framework, no database, no
// authentication), driven over IPC like sse-rampart.mjs. Each event is serialised once and
// written to every open response; its "commit" time is the moment before that loop.
import http from 'node:http';
import { reportMemory, wallClock } from './sse-common.mjs';

const clients = new Set();
let nextSequence = 1;
const server = http.createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
  });
  response.write(': connected\n\n');
  clients.add(response);
  request.on('close', () => clients.delete(response));
});

const publish = async ({ rate, count }) => {
  const commits = {};
  const period = 1000 / rate;
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const sequence = nextSequence++;
    const wait = started + index * period - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    commits[sequence] = wallClock();
    const data = JSON.stringify({ v: 1, sequence, type: 'team.member_joined', payload: {} });
    const frame = Buffer.from(`id: ${sequence}\nevent: team.member_joined\ndata: ${data}\n\n`);
    for (const client of clients) client.write(frame);
  }
  return commits;
};

process.on('message', async (message) => {
  if (message.cmd === 'memory') process.send({ type: 'memory', ...reportMemory() });
  if (message.cmd === 'publish')
    process.send({ type: 'published', commits: await publish(message) });
  if (message.cmd === 'stop') {
    for (const client of clients) client.end();
    server.close(() => process.exit(0));
  }
});
server.listen(0, '127.0.0.1', () => {
  process.send({
    type: 'ready',
    url: `http://127.0.0.1:${server.address().port}/events`,
    headers: {},
  });
});
