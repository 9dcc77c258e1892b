import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  brokenPasswordRules,
  localeSchema,
  pseudoSchema,
  usernameSchema,
} from '@rampart/contracts';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DataDirectoryInUseError } from '../db/lock-file.js';
import { migrateToLatest } from '../db/migrate.js';
import { backup, restore } from './backup.js';
import { rotateSecretKey } from './rotate-secret-key.js';
import { BackupError } from '../db/backup/pglite-backup.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../modules/identity/demo-accounts.js';
import { createIdentityServices } from '../modules/identity/index.js';
import { generateTemporaryPassword, hashPassword } from '../modules/identity/passwords.js';
import { SecretKeyError } from '../lib/secret-box.js';

const usage = `Rampart administration: npm run admin -- <command> [options]

  create-player <username> [--pseudo P] [--password PW] [--locale fr|en]
  create-trainer <username> [--pseudo P] [--password PW] [--locale fr|en]
  set-password <username> [--password PW]     ends every session of the account
  list [players|trainers]
  backup <file>                                 the database into <file>: the embedded one even
                                                while its server runs; PostgreSQL with pg_dump
  restore <file> [--force]                      <file> into the configured database, which must
                                                be empty unless --force (stop the server first)
  seed-demo                                     demo accounts, on a database without accounts
  rotate-secret-key                             seals the stored secrets with a new key: the
                                                current one is SECRET_KEY (else the data
                                                directory's), the new one NEW_SECRET_KEY (else
                                                made, and kept in the data directory or printed)

Without --password, a strong password is generated and printed. The database is the server's:
DATABASE_URL when set, else the embedded one in PGLITE_DIR (stop the server first).`;

class UsageError extends Error {}

const checkPassword = (password: string) => {
  const broken = brokenPasswordRules(password);
  if (broken.length > 0) {
    throw new UsageError(
      `The password must have at least 8 characters, an uppercase letter, a digit and a symbol (missing: ${broken.join(', ')}).`,
    );
  }
};

const run = async (argv: string[]) => {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      pseudo: { type: 'string' },
      password: { type: 'string' },
      locale: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, subject] = positionals;
  if (!command || values.help) return console.log(usage);

  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    if (!subject) throw new UsageError(`${command} needs a file.\n\n${usage}`);
    // npm runs the command from the repository's root: a relative path is the caller's.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), subject);
    console.log(
      command === 'backup'
        ? await backup(config, file)
        : await restore(config, file, { force: values.force ?? false }),
    );
    return;
  }
  const database = await openDatabase(config.database, { warn: () => {} });
  try {
    await migrateToLatest(database.db);
    const { repo, auth } = createIdentityServices(database.db, config.auth);

    switch (command) {
      case 'create-player':
      case 'create-trainer': {
        const username = usernameSchema.safeParse(subject ?? '');
        if (!username.success)
          throw new UsageError(
            'The username must be 3 to 64 letters, digits, dots, dashes or underscores.',
          );
        const pseudo = pseudoSchema.safeParse(values.pseudo ?? username.data);
        if (!pseudo.success)
          throw new UsageError("The pseudo must be 2 to 32 letters, digits, spaces or _ . ' -.");
        const locale = localeSchema.safeParse(values.locale ?? 'fr');
        if (!locale.success) throw new UsageError('The locale must be fr or en.');
        const password = values.password ?? generateTemporaryPassword();
        checkPassword(password);
        const role = command === 'create-player' ? 'player' : 'trainer';
        const created = await auth.createAccount({
          username: username.data,
          password,
          role,
          pseudo: pseudo.data,
          locale: locale.data,
        });
        if ('conflict' in created)
          throw new UsageError(`That ${created.conflict} is already taken.`);
        console.log(`Created ${role} ${created.username} (${created.id}).`);
        if (!values.password) console.log(`Password: ${password}`);
        return;
      }
      case 'set-password': {
        const account =
          (await repo.findAccountByUsername(subject ?? '', 'player')) ??
          (await repo.findAccountByUsername(subject ?? '', 'trainer'));
        if (!account) throw new UsageError(`No account named ${subject ?? '(none)'}.`);
        const password = values.password ?? generateTemporaryPassword();
        checkPassword(password);
        await repo.updateAccount(account.id, { password_hash: await hashPassword(password) });
        await auth.endAccountSessions(account.id);
        console.log(`Password of ${account.username} changed; its sessions have ended.`);
        if (!values.password) console.log(`Password: ${password}`);
        return;
      }
      case 'list': {
        const roles =
          subject === 'trainers'
            ? (['trainer'] as const)
            : subject === 'players'
              ? (['player'] as const)
              : (['trainer', 'player'] as const);
        for (const role of roles) {
          for (const account of await repo.listAccounts(role)) {
            console.log(`${role.padEnd(8)} ${account.username.padEnd(24)} ${account.pseudo}`);
          }
        }
        return;
      }
      case 'seed-demo': {
        const seeded = await seedDemoAccounts({ repo, auth });
        console.log(
          seeded
            ? `Demo accounts created (trainer, alice, bob, carol, dave, erin, frank), password ${DEMO_PASSWORD}.`
            : 'The database already has accounts: no demo account created.',
        );
        return;
      }
      case 'rotate-secret-key': {
        const rotated = await rotateSecretKey(config, database.db, process.env.NEW_SECRET_KEY);
        console.log(
          `Re-sealed ${rotated.resealed} stored secret${rotated.resealed === 1 ? '' : 's'} with the new key (id ${rotated.keyId}).`,
        );
        if (rotated.kept) console.log(`The new key is in ${rotated.kept}.`);
        else if (rotated.generated)
          console.log(
            `New SECRET_KEY (give it to every node, then start them): ${rotated.generated}`,
          );
        return;
      }
      default:
        throw new UsageError(`Unknown command ${command}.\n\n${usage}`);
    }
  } finally {
    await database.close();
  }
};

run(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof SecretKeyError ||
    error instanceof BackupError ||
    error instanceof DataDirectoryInUseError
  ) {
    console.error(error.message);
  } else if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${(error as Error).message}\n\n${usage}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
