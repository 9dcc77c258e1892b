import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../../test/database.js';
import { buildAccount } from '../../../test/factories.js';
import { createTrainerPlayersRepository } from './trainer-players.repository.js';

describe(`the names an import finds taken (${testDatabaseKind()})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('sees an account created meanwhile by both its names or by neither', async () => {
    // Another trainer's import commits accounts while this one checks the same names: a check
    // that read the user names and the pseudos at two moments would find one name of a row
    // taken and not the other, and the import would report half the truth.
    const players = createTrainerPlayersRepository(database.db);
    const tag = Date.now().toString(36);
    const names = Array.from({ length: 40 }, (_, i) => ({
      username: `race${i}${tag}`,
      pseudo: `Race ${i} ${tag}`,
    }));
    const halves: string[] = [];
    let inserting = true;
    const checks = (async () => {
      for (let round = 0; inserting; round += 1) {
        const taken = await players.takenNames(
          names.map((name) => name.username),
          names.map((name) => name.pseudo),
        );
        for (const name of names)
          if (taken.usernames.has(name.username) !== taken.pseudos.has(name.pseudo.toLowerCase()))
            halves.push(`round ${round}: ${name.username}`);
        // Let the inserts' password hashing (on the thread pool) come back: on the embedded
        // database every statement settles without leaving the event loop's current turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (const name of names) await buildAccount(database.db, name);
    inserting = false;
    await checks;
    expect(halves).toEqual([]);
    const all = await players.takenNames(
      names.map((name) => name.username.toUpperCase()),
      names.map((name) => name.pseudo),
    );
    expect(all.usernames.size).toBe(names.length);
    expect(all.pseudos.size).toBe(names.length);
    expect(await players.takenNames([], [])).toEqual({ usernames: new Set(), pseudos: new Set() });
  });
});
