import {
  PLAYERS_CSV_HEADER,
  PLAYERS_CSV_MAX_BYTES,
  PLAYERS_CSV_MAX_ROWS,
  PSEUDO_MAX_LENGTH,
  localeSchema,
  pseudoSchema,
  usernameSchema,
  type CsvRowErrorCode,
} from '@rampart/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { requireCapability, type AuthService, type Principal } from './auth.service.js';
import type { IdentityRepository } from './identity.repository.js';
import { generateTemporaryPassword, hashPassword } from './passwords.js';
import { parseCsv } from './players-csv.js';
import type { TrainerPlayersRepository } from './trainer-players.repository.js';

/** What the trainer hands over; the route turns a link's token into a URL of this server. */
export type Handover =
  { kind: 'magic_link'; token: string; expiresAt: Date } | { kind: 'password'; password: string };

const USERNAME_MAX_LENGTH = 64;

interface ValidRow {
  line: number;
  username: string;
  pseudo: string;
  locale: 'fr' | 'en';
}

/** Why one CSV row cannot become a player, before looking at the database. */
const rowProblems = (
  fields: string[],
): { row?: Omit<ValidRow, 'line'>; reasons: CsvRowErrorCode[] } => {
  const reasons: CsvRowErrorCode[] = [];
  if (fields.length > PLAYERS_CSV_HEADER.length) reasons.push('too_many_fields');
  const [rawUsername = '', rawPseudo = '', rawLocale = ''] = fields.map((field) => field.trim());
  if (!rawUsername || !rawPseudo || !rawLocale) reasons.push('missing_field');
  const tooLong =
    rawUsername.length > USERNAME_MAX_LENGTH || [...rawPseudo].length > PSEUDO_MAX_LENGTH;
  if (tooLong) reasons.push('too_long');
  const username = usernameSchema.safeParse(rawUsername);
  if (rawUsername && !username.success && rawUsername.length <= USERNAME_MAX_LENGTH)
    reasons.push('bad_username');
  const pseudo = pseudoSchema.safeParse(rawPseudo);
  if (rawPseudo && !pseudo.success && [...rawPseudo].length <= PSEUDO_MAX_LENGTH)
    reasons.push('bad_pseudo');
  const locale = localeSchema.safeParse(rawLocale.toLowerCase());
  if (rawLocale && !locale.success) reasons.push('bad_locale');
  if (reasons.length > 0 || !username.success || !pseudo.success || !locale.success)
    return { reasons };
  return { row: { username: username.data, pseudo: pseudo.data, locale: locale.data }, reasons };
};

/** The trainer's management of player accounts: creation, CSV import, password reset. */
export const createTrainerPlayersService = (deps: {
  repo: IdentityRepository;
  players: TrainerPlayersRepository;
  auth: AuthService;
  config: Config['auth'];
}) => {
  const { repo, players, auth, config } = deps;

  /**
   * A password nobody knows, for accounts that start with a login link: the hash is real so that
   * a login attempt against it takes as long as any other.
   */
  const unusablePasswordHash = () => hashPassword(randomToken(32));

  /** A link when links are allowed on this server, else a temporary password already set. */
  const handoverFor = async (trainer: Principal, accountId: string): Promise<Handover> => {
    if (config.magicLinksEnabled) {
      const link = await auth.issueMagicLink(trainer, accountId);
      return { kind: 'magic_link', token: link.token, expiresAt: link.expiresAt };
    }
    const password = generateTemporaryPassword();
    await repo.updateAccount(accountId, { password_hash: await hashPassword(password) });
    return { kind: 'password', password };
  };

  return {
    async listPlayers(trainer: Principal) {
      requireCapability(trainer, 'account.manage_players');
      const rows = await players.listPlayers();
      return rows.map((row) => ({
        uuid: row.id,
        username: row.username,
        pseudo: row.pseudo,
        avatarId: row.avatar_id as never,
        locale: row.locale,
        lastActivityAt: row.last_activity_at ? new Date(row.last_activity_at).toISOString() : null,
      }));
    },

    async createPlayer(
      trainer: Principal,
      input: { username: string; pseudo: string; locale: 'fr' | 'en'; password?: string },
    ) {
      requireCapability(trainer, 'account.manage_players');
      const created = await repo.insertAccount({
        username: input.username,
        pseudo: input.pseudo,
        locale: input.locale,
        role: 'player',
        passwordHash: input.password
          ? await hashPassword(input.password)
          : await unusablePasswordHash(),
      });
      if ('conflict' in created) {
        throw new AppError(`account.${created.conflict}_taken`, undefined, [
          { path: `body.${created.conflict}`, message: `account.${created.conflict}_taken` },
        ]);
      }
      await players.recordAction({
        accountId: trainer.accountId,
        action: 'player.created',
        targetUuid: created.id,
      });
      const handover = input.password ? null : await handoverFor(trainer, created.id);
      return {
        player: {
          uuid: created.id,
          username: created.username,
          pseudo: created.pseudo,
          locale: created.locale,
        },
        handover,
      };
    },

    /**
     * Creates the valid rows of a CSV file and reports the others; a dry run checks the same
     * things (the database included) and creates nothing. Rows are independent: one bad row does
     * not hold back the good ones, so the trainer fixes and re-imports only the rejected lines.
     */
    async importPlayers(trainer: Principal, file: Uint8Array, dryRun: boolean) {
      requireCapability(trainer, 'account.manage_players');
      if (file.byteLength > PLAYERS_CSV_MAX_BYTES) throw new AppError('players.csv_too_large');
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(file);
      } catch {
        throw new AppError('players.csv_unreadable');
      }
      const records = parseCsv(text);
      if (!records) throw new AppError('players.csv_unreadable');
      const [header, ...rows] = records;
      const headerNames = header?.fields.map((field) => field.trim().toLowerCase());
      if (!headerNames || headerNames.join(',') !== PLAYERS_CSV_HEADER.join(','))
        throw new AppError('players.csv_bad_header');
      if (rows.length > PLAYERS_CSV_MAX_ROWS) throw new AppError('players.csv_too_many_rows');

      const rejected: { line: number; raw: string; reasons: CsvRowErrorCode[] }[] = [];
      const candidates: (ValidRow & { raw: string })[] = [];
      const seenUsernames = new Set<string>();
      const seenPseudos = new Set<string>();
      for (const record of rows) {
        const { row, reasons } = rowProblems(record.fields);
        // A name is claimed by its first row, valid or not, so later copies are flagged.
        const [username = '', pseudo = ''] = record.fields.map((f) => f.trim().toLowerCase());
        if (username && seenUsernames.has(username)) reasons.push('duplicate_username_in_file');
        if (pseudo && seenPseudos.has(pseudo)) reasons.push('duplicate_pseudo_in_file');
        if (username) seenUsernames.add(username);
        if (pseudo) seenPseudos.add(pseudo);
        if (row && reasons.length === 0)
          candidates.push({ ...row, line: record.line, raw: record.raw });
        else rejected.push({ line: record.line, raw: record.raw, reasons });
      }

      /** Every name of the row an account already has: the user name's reason first. */
      const takenReasons = (
        row: ValidRow,
        taken: { usernames: Set<string>; pseudos: Set<string> },
      ): CsvRowErrorCode[] => [
        ...(taken.usernames.has(row.username.toLowerCase()) ? (['username_taken'] as const) : []),
        ...(taken.pseudos.has(row.pseudo.toLowerCase()) ? (['pseudo_taken'] as const) : []),
      ];
      const taken = await players.takenNames(
        candidates.map((row) => row.username),
        candidates.map((row) => row.pseudo),
      );
      const created = [];
      const passwordHash = dryRun ? '' : await unusablePasswordHash();
      for (const row of candidates) {
        const reasons = takenReasons(row, taken);
        if (reasons.length === 0 && !dryRun) {
          const inserted = await repo.insertAccount({ ...row, role: 'player', passwordHash });
          // Taken since the check above, by another trainer importing at the same time. Which
          // unique index stopped the insert is up to that race: the names are read again (the
          // other account is committed by now), so the row says what a later import would say.
          if ('conflict' in inserted) {
            const now = takenReasons(row, await players.takenNames([row.username], [row.pseudo]));
            reasons.push(...(now.length > 0 ? now : [`${inserted.conflict}_taken` as const]));
          } else {
            await players.recordAction({
              accountId: trainer.accountId,
              action: 'player.created',
              targetUuid: inserted.id,
              details: { via: 'import', line: row.line },
            });
            const handover = await handoverFor(trainer, inserted.id);
            created.push({ ...row, uuid: inserted.id, handover });
            continue;
          }
        }
        if (reasons.length > 0) rejected.push({ line: row.line, raw: row.raw, reasons });
        else created.push({ ...row, uuid: null, handover: null });
      }
      rejected.sort((a, b) => a.line - b.line);
      return {
        dryRun,
        created: created.map(({ line, username, pseudo, locale, uuid, handover }) => ({
          line,
          username,
          pseudo,
          locale,
          uuid,
          handover,
        })),
        rejected,
      };
    },

    /**
     * A temporary password replaces the old one; a login link leaves the password as it is (the
     * player may still know it). Either way every session of the player ends, so whoever held one
     * is out. Trainers' accounts are not reset here: to a trainer they do not exist.
     */
    async resetPassword(
      trainer: Principal,
      playerId: string,
      method: 'temporary_password' | 'magic_link',
    ): Promise<Handover> {
      requireCapability(trainer, 'account.manage_players');
      const player = await repo.findAccountById(playerId);
      if (!player || player.role !== 'player') throw new AppError('account.not_found');
      let handover: Handover;
      if (method === 'temporary_password') {
        const password = generateTemporaryPassword();
        await repo.updateAccount(player.id, { password_hash: await hashPassword(password) });
        handover = { kind: 'password', password };
      } else {
        const link = await auth.issueMagicLink(trainer, player.id);
        handover = { kind: 'magic_link', token: link.token, expiresAt: link.expiresAt };
      }
      await auth.endAccountSessions(player.id);
      await players.recordAction({
        accountId: trainer.accountId,
        action: 'player.password_reset',
        targetUuid: player.id,
        details: { method },
      });
      return handover;
    },
  };
};

export type TrainerPlayersService = ReturnType<typeof createTrainerPlayersService>;
