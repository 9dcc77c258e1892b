// The baseline of `npm run bench`: a bare node:http server answering a fixed JSON body, the
// fastest a Node process on this machine can serve the same bytes.
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
