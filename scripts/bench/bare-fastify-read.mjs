// The baseline of the answer figures: a bare Fastify route doing one indexed read, on the same
// database as the Rampart server it is compared with (PGLITE_DIR: PGlite in this process, as
// Rampart embeds it; DATABASE_URL: a pool of ten connections, as Rampart's default).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const ROWS = 10_000;
const { DATABASE_URL, PGLITE_DIR } = process.env;
const query = DATABASE_URL
  ? (() => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
      return async (text, values) => (await pool.query(text, values)).rows;
    })()
  : await (async () => {
      const db = new PGlite({ dataDir: PGLITE_DIR });
      await db.waitReady;
      return async (text, values) => (await db.query(text, values)).rows;
    })();

await query('create table if not exists bench_probe (id int primary key, payload text not null)');
await query(
  `insert into bench_probe select n, md5(n::text) from generate_series(1, ${ROWS}) n
   on conflict do nothing`,
);

let next = 0;
const app = Fastify({ logger: false });
app.get('/probe', async () => {
  next = (next % ROWS) + 1;
  const [row] = await query('select id, payload from bench_probe where id = $1', [next]);
  return row;
});
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening on ${url}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
