import { rankTeamRows, isClosedStatus, isEndedStatus } from '@rampart/contracts';
import type { DisplaySnapshot, LocalizedText } from '@rampart/contracts';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/secrets.js';
import { AppError } from '../../lib/errors.js';
import type { EventHub, EventSink } from '../../realtime/event-hub.js';
import type { OpenStreamResult } from '../../realtime/realtime.service.js';
import { sessionStream } from '../../realtime/streams.js';
import type { CockpitRepository } from '../cockpit/cockpit.repository.js';
import { awardsOf, speedrunWinsOf } from '../debrief/stats-rules.js';
import type { StatsRepository } from '../debrief/stats.repository.js';
import type { PlayRepository } from '../play/play.repository.js';
import { sessionTimes } from '../sessions/session-view.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import { linkExpiryOf } from './display-links.service.js';
import type { DisplayRepository } from './display.repository.js';
import { createDisplaySink } from './display-stream.js';

/** Solves the wall lists: the latest few, legible from the back of the room. */
const SOLVES_SHOWN = 8;
/**
 * How often an open display stream checks its link again, a safety net under the revocation's
 * event (which ends it at once) and what ends it when the link lapses after the session.
 */
export const DISPLAY_RECHECK_MS = 30_000;

const iso = (instant: Date | string) => new Date(instant).toISOString();

/**
 * The projector view's reads. Every one starts from the token: its digest finds the link, and a
 * link revoked, lapsed or unknown is refused with a code of its own. What it answers is what
 * every player of the session reads on their game screen and results, never more.
 */
export const createDisplayService = (deps: {
  repo: DisplayRepository;
  sessions: SessionsRepository;
  play: Pick<PlayRepository, 'listRankingRows'>;
  stats: Pick<StatsRepository, 'findMission' | 'listLedger'>;
  cockpit: Pick<CockpitRepository, 'listCells' | 'listObjectives'>;
  hub: EventHub;
  clock: Clock;
  recheckMs?: number;
}) => {
  /** The link a token opens and its session, or the refusal's code. */
  type Checked =
    | { ok: false; error: 'display.link_invalid' | 'display.link_revoked' | 'display.link_expired' }
    | {
        ok: true;
        link: NonNullable<Awaited<ReturnType<DisplayRepository['findLinkByTokenHash']>>>;
        session: NonNullable<Awaited<ReturnType<SessionsRepository['findSessionView']>>>;
        now: Date;
      };
  const check = async (token: string): Promise<Checked> => {
    const link = await deps.repo.findLinkByTokenHash(sha256(token));
    if (!link) return { ok: false, error: 'display.link_invalid' };
    if (link.revoked_at) return { ok: false, error: 'display.link_revoked' };
    // With the stream's position: the snapshot tells the projector where its stream starts.
    const session = await deps.sessions.findSessionView(link.session_uuid);
    if (!session) return { ok: false, error: 'display.link_invalid' };
    const now = await deps.clock.now();
    const expiry = linkExpiryOf(session, now);
    if (expiry && expiry.getTime() <= now.getTime())
      return { ok: false, error: 'display.link_expired' };
    return { ok: true, link, session, now };
  };

  const resolve = async (token: string) => {
    const checked = await check(token);
    if (!checked.ok) throw new AppError(checked.error);
    return checked;
  };

  return {
    async snapshot(token: string): Promise<DisplaySnapshot> {
      const { session, now } = await resolve(token);
      const times = sessionTimes(session, now);
      const over = isClosedStatus(times.status);
      const [mission, teamRows, objectives, cells, speedruns] = await Promise.all([
        deps.stats.findMission(session.mission_uuid),
        deps.play.listRankingRows(session.uuid),
        deps.cockpit.listObjectives(session.uuid, session.mission_uuid),
        deps.cockpit.listCells(session.uuid),
        deps.repo.listSpeedruns(session.uuid),
      ]);
      const teamUuids = teamRows.map((team) => team.uuid);
      const [ledger, entries] = await Promise.all([
        deps.stats.listLedger(teamUuids),
        deps.repo.listSolveEntries(teamUuids, SOLVES_SHOWN * 3),
      ]);
      const ranked = rankTeamRows(teamRows);
      const teamName = new Map(teamRows.map((team) => [team.uuid, team.name]));
      const objective = new Map(objectives.map((o) => [o.uuid, o]));

      // Awards as the players' results count them.
      const firstBloods = new Map<string, number>();
      for (const row of ledger)
        if (row.kind === 'first_blood')
          firstBloods.set(row.team_uuid, (firstBloods.get(row.team_uuid) ?? 0) + 1);
      const speedrunWins = speedrunWinsOf(ledger);
      const solved = new Map<string, number>();
      const wrong = new Map<string, number>();
      for (const cell of cells) {
        wrong.set(cell.team_uuid, (wrong.get(cell.team_uuid) ?? 0) + cell.attempts);
        if (cell.solved_at !== null)
          solved.set(cell.team_uuid, (solved.get(cell.team_uuid) ?? 0) + 1);
      }
      const played = isEndedStatus(times.status);

      // The latest solves: a solve's row and its first blood's and speedrun's, as one line.
      const solves = new Map<string, DisplaySnapshot['solves'][number]>();
      for (const entry of [...entries].reverse()) {
        const target = objective.get(entry.objective_uuid!);
        if (!target) continue;
        const key = `${entry.team_uuid}:${entry.objective_uuid}`;
        const line = solves.get(key) ?? {
          teamUuid: entry.team_uuid,
          teamName: teamName.get(entry.team_uuid) ?? '',
          objectiveUuid: target.uuid,
          objectiveTitle: target.title as LocalizedText,
          points: 0,
          firstBlood: false,
          speedrun: false,
          at: iso(entry.created_at),
        };
        line.points += entry.points;
        if (entry.kind === 'first_blood') line.firstBlood = true;
        if (entry.kind === 'speedrun') line.speedrun = true;
        if (entry.kind === 'solve') line.at = iso(entry.created_at);
        solves.set(key, line);
      }
      const running = speedruns.find(
        (run) => !cells.some((c) => c.objective_uuid === run.objective_uuid && c.solved_at),
      );

      return {
        session: {
          uuid: session.uuid,
          name: session.name,
          missionTitle: (mission?.title ?? { en: session.name, fr: session.name }) as LocalizedText,
          status: times.status,
          startsAt: times.startsAt,
          endsAt: times.endsAt,
          remainingMs: times.remainingMs,
          serverTime: times.serverTime,
          over,
        },
        streamPosition: Number(session.stream_position),
        teams: ranked.map((team) => ({
          uuid: team.uuid,
          name: team.name,
          hasLogo: team.has_logo,
          score: team.score,
          rank: team.rank,
          eliminated: team.eliminated,
          awards: awardsOf({
            over: played,
            rank: team.rank,
            score: team.score,
            eliminated: team.eliminated,
            firstBloods: firstBloods.get(team.uuid) ?? 0,
            speedruns: speedrunWins.get(team.uuid) ?? 0,
            solved: solved.get(team.uuid) ?? 0,
            objectives: objectives.length,
            wrongAnswers: wrong.get(team.uuid) ?? 0,
          }),
        })),
        solves: [...solves.values()]
          .sort((a, b) => b.at.localeCompare(a.at))
          .slice(0, SOLVES_SHOWN),
        eliminations: ranked
          .filter((team) => team.eliminated)
          .map((team) => ({ teamUuid: team.uuid, teamName: team.name })),
        speedrun:
          running && !over
            ? {
                objectiveUuid: running.objective_uuid,
                title: running.title,
                launchedAt: iso(running.launched_at),
                points: objective.get(running.objective_uuid)?.points ?? 0,
              }
            : null,
      };
    },

    async teamLogo(token: string, teamUuid: string) {
      const { session } = await resolve(token);
      const logo = await deps.sessions.findTeamLogo(session.uuid, teamUuid);
      if (!logo?.logo || !logo.logo_type) throw new AppError('team.not_found');
      return { data: logo.logo, type: logo.logo_type };
    },

    /**
     * The display's stream: the session's, with the trainers' audience read only for this link's
     * revocation (see createDisplaySink). The link is checked again once subscribed (a revocation
     * committed meanwhile is not on the stream from here) and then every `recheckMs`.
     */
    async openStream(
      token: string,
      lastEventId: number | null,
      sink: EventSink,
    ): Promise<OpenStreamResult> {
      const { link } = await resolve(token);
      const display = createDisplaySink(sink, link.uuid);
      const result = await deps.hub.subscribe({
        stream: sessionStream(link.session_uuid),
        audiences: new Set(['session', 'trainers']),
        owner: `display:${link.uuid}`,
        lastEventId,
        sink: display,
      });
      if (!('ok' in result)) return result;
      const subscription = result.ok;
      let timer: ReturnType<typeof setInterval> | null = null;
      const close = () => {
        if (timer) clearInterval(timer);
        timer = null;
        subscription.close();
      };
      const recheck = async () => {
        try {
          if (!(await check(token)).ok) close();
        } catch {
          // The database away for a moment: the next check, or the revocation's event, decides.
        }
      };
      timer = setInterval(() => void recheck(), deps.recheckMs ?? DISPLAY_RECHECK_MS);
      timer.unref();
      void recheck();
      return { ok: { close } };
    },
  };
};

export type DisplayService = ReturnType<typeof createDisplayService>;
