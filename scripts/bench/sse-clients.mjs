// Fan-out benchmark, client side: opens N SSE connections to one URL and records when each
// event id arrives on each connection. Runs in its own process, driven over IPC by bench.mjs.
import http from 'node:http';
import { wallClock } from './sse-common.mjs';

const ID = Buffer.from('id: ');
const FRAME_END = Buffer.from('\n\n');
const NEWLINE = 10;
const connections = [];
/** sequence → receipt times, one per connection that received it. */
const receipts = new Map();

/**
 * Opens the connections in waves, as clients arrive in a real session, rather than as one
 * burst of thousands of simultaneous logins-by-cookie (that herd is another benchmark).
 */
const WAVE = 250;
const connect = async ({ url, count, headers }) => {
  let failed = 0;
  for (let opened = 0; opened < count; opened += WAVE) {
    failed += await connectWave({ url, count: Math.min(WAVE, count - opened), headers });
  }
  return { type: 'connected', ok: count - failed, failed };
};

const connectWave = ({ url, count, headers }) =>
  new Promise((resolve) => {
    let settled = 0;
    let failed = 0;
    const done = () => {
      settled += 1;
      if (settled === count) resolve(failed);
    };
    const target = new URL(url);
    for (let index = 0; index < count; index += 1) {
      const request = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          headers,
          agent: false,
        },
        (response) => {
          if (response.statusCode !== 200) {
            failed += 1;
            response.resume();
            done();
            return;
          }
          // Byte-level parsing keeps the load generator's own cost low: it shares the machine.
          let tail = null;
          response.on('data', (chunk) => {
            const at = wallClock();
            let bytes = tail ? Buffer.concat([tail, chunk]) : chunk;
            const end = bytes.lastIndexOf(FRAME_END);
            tail = end < 0 ? bytes : end + 2 < bytes.length ? bytes.subarray(end + 2) : null;
            if (end < 0) return;
            bytes = bytes.subarray(0, end);
            for (let index = bytes.indexOf(ID); index >= 0; index = bytes.indexOf(ID, index)) {
              if (index > 0 && bytes[index - 1] !== NEWLINE) {
                index += ID.length;
                continue;
              }
              let sequence = 0;
              index += ID.length;
              while (bytes[index] >= 48 && bytes[index] <= 57)
                sequence = sequence * 10 + bytes[index++] - 48;
              let times = receipts.get(sequence);
              if (!times) receipts.set(sequence, (times = []));
              times.push(at);
            }
          });
          connections.push(request);
          done();
        },
      );
      request.on('error', () => {
        failed += 1;
        done();
      });
    }
  });

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Delivered share and commit → receipt latency, against the server's commit times. */
const report = ({ commits, clients }) => {
  const latencies = [];
  let delivered = 0;
  let expected = 0;
  for (const [sequence, committedAt] of Object.entries(commits)) {
    expected += clients;
    for (const at of receipts.get(Number(sequence)) ?? []) {
      delivered += 1;
      latencies.push(at - committedAt);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    type: 'report',
    delivered,
    expected,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
};

process.on('message', async (message) => {
  if (message.cmd === 'connect') process.send(await connect(message));
  if (message.cmd === 'received') {
    let total = 0;
    for (const sequence of Object.keys(message.commits))
      total += receipts.get(Number(sequence))?.length ?? 0;
    process.send({ type: 'received', total });
  }
  if (message.cmd === 'count') {
    let total = 0;
    for (const times of receipts.values()) total += times.length;
    process.send({ type: 'count', total });
  }
  if (message.cmd === 'forget') {
    receipts.clear();
    process.send({ type: 'forgotten' });
  }
  if (message.cmd === 'report') process.send(report(message));
  if (message.cmd === 'stop') {
    for (const request of connections) request.destroy();
    process.exit(0);
  }
});
process.send({ type: 'ready' });
