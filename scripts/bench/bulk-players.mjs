// The correct-answers figure needs hundreds of teams: this writes that many player accounts,
// each with a bearer token, straight into the database before the server starts (hashing
// hundreds of passwords and logging in one by one would take minutes and trip the login rate
// limit). The accounts have no usable password. Prints the tokens as JSON.
//   node scripts/bench/bulk-players.mjs <count>   (PGLITE_DIR or DATABASE_URL as for the server)
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openDatabase } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';

const count = Number(process.argv[2]);
const config = loadConfig(process.env);
const database = await openDatabase(config.database, { info: () => {}, warn: () => {} });
try {
  await migrateToLatest(database.db);
  const run = randomBytes(3).toString('hex');
  const tokens = [];
  const players = Array.from({ length: count }, (_, index) => {
    const token = `rmp_${randomBytes(32).toString('base64url')}`;
    tokens.push(token);
    return { id: randomUUID(), token, name: `bench-${run}-${index}` };
  });
  for (let start = 0; start < players.length; start += 500) {
    const slice = players.slice(start, start + 500);
    await database.db
      .insertInto('account')
      .values(
        slice.map((player) => ({
          id: player.id,
          username: player.name,
          password_hash: '!',
          role: 'player',
          pseudo: player.name,
          avatar_id: null,
        })),
      )
      .execute();
    await database.db
      .insertInto('auth_session')
      .values(
        slice.map((player) => ({
          id_hash: createHash('sha256').update(player.token).digest('base64url'),
          public_id: randomUUID(),
          account_id: player.id,
          interface: 'player',
          kind: 'token',
          name: 'bench',
          user_agent: null,
          ip: null,
          expires_at: new Date(Date.now() + 24 * 3600_000),
          revoked_at: null,
        })),
      )
      .execute();
  }
  process.stdout.write(JSON.stringify(tokens));
} finally {
  await database.close();
}
