import { chatLimits, type Audience, type ChatMessage } from '@rampart/contracts';
import { AppError } from '../../lib/errors.js';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import type { EventWriter } from '../../realtime/event-writer.js';
import { sessionStream, userStream, type StreamKey } from '../../realtime/streams.js';
import { requireCapability, type Principal } from '../identity/auth.service.js';
import type { RateLimitRepository } from '../rate-limit/rate-limit.repository.js';
import { rateLimited } from '../rate-limit/rate-limited.js';
import type { SessionsRepository } from '../sessions/sessions.repository.js';
import {
  chatAccess,
  normaliseMessageText,
  threadKey,
  type ChatViewer,
  type ThreadOwner,
} from './chat-access.js';
import type { ChatRepository, ThreadRow } from './chat.repository.js';
import { messageOf, ownerOf, readThreads } from './chat-view.js';

const RATE_WINDOW_SECONDS = 60;
/** Support threads a trainer's inbox lists at most. */
const INBOX_SIZE = 200;

export interface MessageInput {
  threadId?: string | undefined;
  text: string;
  clientId?: string | undefined;
  /** The objective a team's support question is about. */
  objectiveUuid?: string | undefined;
}

/** A posted message, and whether it is the one an earlier try with its client id posted. */
export interface PostResult {
  duplicate: boolean;
  message: ChatMessage;
}

/**
 * Chat and support: reading threads, posting, marking as read. Every thread is reached through
 * `chatAccess`; a thread the caller may not read is answered as not found, whoever's it is.
 */
export const createChatService = (deps: {
  repo: ChatRepository;
  sessions: SessionsRepository;
  events: EventWriter;
  rateLimits: RateLimitRepository;
  messagesPerMinute: number;
  /** Whether a session's players may name this objective in a support question. */
  isObjectiveAskable: (sessionUuid: string, objectiveUuid: string) => Promise<boolean>;
}) => {
  const { repo } = deps;

  const viewerIn = async (principal: Principal, sessionUuid: string): Promise<ChatViewer> => {
    if (principal.role === 'trainer') {
      requireCapability(principal, 'support.answer');
      return { role: 'trainer', accountId: principal.accountId };
    }
    const player = await deps.sessions.findPlayer(sessionUuid, principal.accountId);
    return {
      role: 'player',
      accountId: principal.accountId,
      membership: player ? { sessionUuid, teamUuid: player.team_uuid } : null,
    };
  };

  const sessionViewer = async (principal: Principal, sessionUuid: string) => {
    if (!(await deps.sessions.findSession(sessionUuid))) throw new AppError('session.not_found');
    const viewer = await viewerIn(principal, sessionUuid);
    if (viewer.role === 'player' && !viewer.membership) throw new AppError('session.forbidden');
    return viewer;
  };

  const supportViewer = (principal: Principal): ChatViewer => {
    if (principal.role === 'trainer') requireCapability(principal, 'support.answer');
    return principal.role === 'trainer'
      ? { role: 'trainer', accountId: principal.accountId }
      : { role: 'player', accountId: principal.accountId, membership: null };
  };

  const ensure = (owners: ThreadOwner[]) =>
    repo.ensureThreads(owners.map((owner) => ({ ...owner, key: threadKey(owner) })));

  /** The threads named, each one the viewer may read; any other is "not found". */
  const readable = async (
    viewer: ChatViewer,
    uuids: readonly string[],
    sessionUuid: string | null,
  ) => {
    const rows = await repo.findThreads([...new Set(uuids)]);
    const found = rows.filter(
      (row) => row.session_uuid === sessionUuid && chatAccess(viewer, ownerOf(row)) !== 'none',
    );
    if (found.length !== new Set(uuids).size) throw new AppError('chat.thread_not_found');
    return found;
  };

  const checkedText = (text: string) => {
    const normalised = normaliseMessageText(text);
    if (normalised.length === 0) throw new AppError('chat.message_empty');
    if (normalised.length > chatLimits.messageLength) throw new AppError('chat.message_too_long');
    return normalised;
  };

  /**
   * Writes the message and its events in one transaction that holds the stream they go to from
   * its start (so messages take their id and time in the order of their events). A client id already used in this thread by this author
   * answers the first message, with no new event: a retry never posts twice, also when both
   * tries race.
   */
  const post = async (
    principal: Principal,
    thread: ThreadRow,
    input: MessageInput,
    stream: StreamKey,
    eventsOf: (message: ChatMessage) => EventToAppend[],
  ): Promise<PostResult> => {
    const text = checkedText(input.text);
    const clientId = input.clientId ?? null;
    const objectiveUuid = input.objectiveUuid ?? null;
    const bucket = await deps.rateLimits.hit(`chat:${principal.accountId}`, RATE_WINDOW_SECONDS);
    if (bucket.hits > deps.messagesPerMinute) {
      const earlier =
        clientId &&
        (await repo.findMessageByClientId({
          threadUuid: thread.uuid,
          authorId: principal.accountId,
          clientId,
        }));
      if (earlier) return { duplicate: true, message: messageOf(earlier) };
      throw rateLimited('chat.rate_limited', [bucket]);
    }
    return deps.events.transaction(
      async ({ trx, appendAll }) => {
        const inserted = await repo.insertMessage(trx, {
          threadUuid: thread.uuid,
          authorId: principal.accountId,
          clientId,
          text,
          objectiveUuid,
        });
        if (!inserted) {
          const earlier = await repo.findMessageByClientId(
            { threadUuid: thread.uuid, authorId: principal.accountId, clientId: clientId! },
            trx,
          );
          return { duplicate: true, message: messageOf(earlier!) };
        }
        const message: ChatMessage = {
          uuid: inserted.uuid,
          threadUuid: thread.uuid,
          clientId,
          author: {
            id: principal.accountId,
            pseudo: principal.pseudo,
            role: principal.role,
            avatarId: principal.avatarId as ChatMessage['author']['avatarId'],
          },
          text,
          created_at: new Date(inserted.created_at).toISOString(),
          ...(objectiveUuid ? { objectiveUuid } : {}),
        };
        await appendAll(eventsOf(message));
        return { duplicate: false, message };
      },
      { lock: [stream] },
    );
  };

  /** Who receives a session thread's message on the session's stream. */
  const sessionAudiences = (thread: ThreadRow): Audience[] => {
    switch (thread.channel) {
      case 'admin':
      case 'general':
        return ['session'];
      case 'team':
        return [`team:${thread.team_uuid!}`];
      case 'support':
        return [`team:${thread.team_uuid!}`, 'trainers'];
    }
  };

  return {
    /** The session's threads the caller belongs to: Admin, General, then Team and support. */
    async listSessionThreads(principal: Principal, sessionUuid: string) {
      const viewer = await sessionViewer(principal, sessionUuid);
      const owners: ThreadOwner[] = [
        { channel: 'admin', sessionUuid, teamUuid: null, accountId: null },
        { channel: 'general', sessionUuid, teamUuid: null, accountId: null },
      ];
      const teamUuid = viewer.role === 'player' ? viewer.membership!.teamUuid : null;
      if (teamUuid) {
        owners.push({ channel: 'team', sessionUuid, teamUuid, accountId: null });
        owners.push({ channel: 'support', sessionUuid, teamUuid, accountId: null });
      }
      const rows = await ensure(owners);
      if (viewer.role === 'trainer')
        rows.push(...(await repo.listSessionSupportThreads(sessionUuid)));
      const order = ['admin', 'general', 'team', 'support'];
      const visible = rows
        .map((row) => ({ row, access: chatAccess(viewer, ownerOf(row)) }))
        .filter(
          (entry): entry is { row: ThreadRow; access: 'read' | 'write' } => entry.access !== 'none',
        )
        .sort((a, b) => order.indexOf(a.row.channel) - order.indexOf(b.row.channel));
      return { threads: await readThreads(repo, principal.accountId, visible) };
    },

    async postSessionMessage(principal: Principal, sessionUuid: string, input: MessageInput) {
      const viewer = await sessionViewer(principal, sessionUuid);
      const thread = input.threadId ? await repo.findThread(input.threadId) : undefined;
      const access =
        thread && thread.session_uuid === sessionUuid
          ? chatAccess(viewer, ownerOf(thread))
          : 'none';
      if (!thread || access === 'none') throw new AppError('chat.thread_not_found');
      if (access === 'read') throw new AppError('chat.read_only');
      if (input.objectiveUuid !== undefined) {
        // Only a team asks about an objective, and only the trainers of its support thread read
        // which: a question in General would tell every team where this one is stuck.
        if (viewer.role !== 'player' || thread.channel !== 'support')
          throw new AppError('chat.objective_not_allowed');
        if (!(await deps.isObjectiveAskable(sessionUuid, input.objectiveUuid)))
          throw new AppError('objective.not_found');
      }
      return post(principal, thread, input, sessionStream(sessionUuid), (message) =>
        sessionAudiences(thread).map((audience) => ({
          stream: sessionStream(sessionUuid),
          audience,
          type: 'chat.message_posted' as const,
          payload: { channel: thread.channel, message },
        })),
      );
    },

    async markSessionThreadsRead(principal: Principal, sessionUuid: string, threadIds: string[]) {
      const viewer = await sessionViewer(principal, sessionUuid);
      await readable(viewer, threadIds, sessionUuid);
      await repo.markRead(principal.accountId, threadIds);
    },

    /** The sessions where teams wait for the trainers, with the messages this trainer has not read. */
    async listSessionSupportUnread(principal: Principal) {
      requireCapability(principal, 'support.answer');
      const rows = await repo.countSessionSupportUnread(principal.accountId);
      return {
        sessions: rows.map((row) => ({
          sessionUuid: row.sessionUuid,
          name: row.name,
          unread: Number(row.unread),
        })),
      };
    },

    /** A player's own support thread (created on first read); a trainer's inbox. */
    async listSupportThreads(principal: Principal) {
      const viewer = supportViewer(principal);
      const rows =
        viewer.role === 'trainer'
          ? await repo.listPlayerSupportThreads(INBOX_SIZE)
          : await ensure([
              {
                channel: 'support',
                sessionUuid: null,
                teamUuid: null,
                accountId: viewer.accountId,
              },
            ]);
      return {
        threads: await readThreads(
          repo,
          principal.accountId,
          rows.map((row) => ({ row, access: 'write' as const })),
        ),
      };
    },

    async postSupportMessage(principal: Principal, input: MessageInput) {
      const viewer = supportViewer(principal);
      let thread: ThreadRow | undefined;
      if (viewer.role === 'player') {
        [thread] = await ensure([
          { channel: 'support', sessionUuid: null, teamUuid: null, accountId: viewer.accountId },
        ]);
        if (input.threadId && input.threadId !== thread!.uuid)
          throw new AppError('chat.thread_not_found');
      } else if (input.threadId) {
        thread = await repo.findThread(input.threadId);
      }
      if (!thread || thread.session_uuid !== null || chatAccess(viewer, ownerOf(thread)) === 'none')
        throw new AppError('chat.thread_not_found');
      const player = thread.account_id!;
      const stream = userStream(player);
      return post(principal, thread, input, stream, (message) => [
        {
          stream,
          audience: `user:${player}`,
          type: 'support.message_posted',
          payload: { message },
        },
        // A trainer's answer is also a notification to the player, wherever they are.
        ...(principal.role === 'trainer'
          ? [
              {
                stream,
                audience: `user:${player}` as const,
                type: 'support.replied' as const,
                payload: {
                  threadUuid: thread.uuid,
                  messageUuid: message.uuid,
                  authorPseudo: message.author.pseudo,
                  excerpt: message.text.slice(0, 280),
                },
              },
            ]
          : []),
      ]);
    },

    async markSupportThreadsRead(principal: Principal, threadIds: string[]) {
      await readable(supportViewer(principal), threadIds, null);
      await repo.markRead(principal.accountId, threadIds);
    },
  };
};

export type ChatService = ReturnType<typeof createChatService>;
