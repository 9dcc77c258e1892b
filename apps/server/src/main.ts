import { onStopSignal } from './stop-signals.js';

// Loading the server's code takes seconds on a busy machine: it is imported once the stop
// signals are handled, so that a stop sent meanwhile is not lost (see stop-signals.ts).
const { ConfigError, loadConfig } = await import('./config.js');
const { DataDirectoryInUseError } = await import('./db/lock-file.js');
const { MigrationError } = await import('./db/migrate.js');
const { SecretKeyError } = await import('./lib/secret-box.js');
const { DEMO_PASSWORD, demoAccounts } = await import('./modules/identity/demo-accounts.js');
const { startServer } = await import('./server.js');

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }

  // The backup command's requests (online-backup.ts): handled from the first moment, so that a
  // signal arriving while the server starts is not the default action, which ends the process.
  const backups: { take?: () => Promise<void> } = {};
  process.on('SIGUSR2', () => void backups.take?.());

  let server;
  try {
    server = await startServer(config, { onlineBackups: true });
  } catch (error) {
    if (error instanceof DataDirectoryInUseError || error instanceof MigrationError) {
      return fail(error.message);
    }
    if (error instanceof SecretKeyError) {
      return fail(
        `Cannot open the secrets stored in the database: ${error.message}. Start with the SECRET_KEY ` +
          'they were sealed with (on the embedded database without SECRET_KEY: the secret-key file ' +
          'of the data directory); `npm run admin -- rotate-secret-key` changes the key.',
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      return fail(`Port ${config.port} is already in use: set PORT to another port.`);
    // A database that cannot be reached is waited for (startServer); one that refuses this
    // login or does not exist is a configuration error.
    if (code === '28P01' || code === '3D000') {
      return fail(`Cannot reach the database at DATABASE_URL: ${(error as Error).message}`);
    }
    throw error;
  }

  const running = server;
  backups.take = running.takeBackups;
  void backups.take?.();
  const port = new URL(running.address).port;
  const where =
    config.database.kind === 'pglite'
      ? `embedded database in ${config.database.dataDir}`
      : 'PostgreSQL';
  console.log(`\nRampart is running at http://localhost:${port} (${where}). Press Ctrl+C to stop.`);
  if (running.seededDemoAccounts) {
    console.log(
      `Demo accounts created, all with the password ${DEMO_PASSWORD}:\n` +
        `  trainer (trainer interface: http://localhost:${port}/trainer/login)\n` +
        `  ${demoAccounts
          .filter((account) => account.role === 'player')
          .map((account) => account.username)
          .join(', ')} (players)`,
    );
  }
  console.log('');
  const shutdown = (signal: string) => {
    running.app.log.info({ signal }, 'shutting down');
    const exit = (code: number) => {
      running.flushLog();
      process.exit(code);
    };
    running
      .close()
      .then(() => exit(0))
      .catch((error: unknown) => {
        running.app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      });
  };
  onStopSignal(shutdown);
};

await main();
