import { describe, expect, it } from 'vitest';
import {
  chatAccess,
  normaliseMessageText,
  threadKey,
  type ChatViewer,
  type ThreadOwner,
} from './chat-access.js';

const session = 'session-1';
const teamA = 'team-a';
const teamB = 'team-b';
const thread = (channel: ThreadOwner['channel'], teamUuid: string | null = null): ThreadOwner => ({
  channel,
  sessionUuid: session,
  teamUuid,
  accountId: null,
});
const threads = {
  admin: thread('admin'),
  general: thread('general'),
  teamA: thread('team', teamA),
  teamB: thread('team', teamB),
  supportA: thread('support', teamA),
  supportB: thread('support', teamB),
  aliceSupport: { channel: 'support', sessionUuid: null, teamUuid: null, accountId: 'alice' },
  otherSession: { ...thread('general'), sessionUuid: 'session-2' },
} satisfies Record<string, ThreadOwner>;

const viewers: Record<string, ChatViewer> = {
  trainer: { role: 'trainer', accountId: 'trainer' },
  alice: {
    role: 'player',
    accountId: 'alice',
    membership: { sessionUuid: session, teamUuid: teamA },
  },
  carol: {
    role: 'player',
    accountId: 'carol',
    membership: { sessionUuid: session, teamUuid: teamB },
  },
  teamless: {
    role: 'player',
    accountId: 'dave',
    membership: { sessionUuid: session, teamUuid: null },
  },
  outsider: { role: 'player', accountId: 'erin', membership: null },
};

describe('the channel membership matrix', () => {
  // viewer → thread → access
  const matrix: Record<string, Record<keyof typeof threads, string>> = {
    trainer: {
      admin: 'write',
      general: 'write',
      teamA: 'none',
      teamB: 'none',
      supportA: 'write',
      supportB: 'write',
      aliceSupport: 'write',
      otherSession: 'write',
    },
    alice: {
      admin: 'read',
      general: 'write',
      teamA: 'write',
      teamB: 'none',
      supportA: 'write',
      supportB: 'none',
      aliceSupport: 'write',
      otherSession: 'none',
    },
    carol: {
      admin: 'read',
      general: 'write',
      teamA: 'none',
      teamB: 'write',
      supportA: 'none',
      supportB: 'write',
      aliceSupport: 'none',
      otherSession: 'none',
    },
    teamless: {
      admin: 'read',
      general: 'write',
      teamA: 'none',
      teamB: 'none',
      supportA: 'none',
      supportB: 'none',
      aliceSupport: 'none',
      otherSession: 'none',
    },
    outsider: {
      admin: 'none',
      general: 'none',
      teamA: 'none',
      teamB: 'none',
      supportA: 'none',
      supportB: 'none',
      aliceSupport: 'none',
      otherSession: 'none',
    },
  };
  const cases = Object.entries(matrix).flatMap(([viewer, row]) =>
    Object.entries(row).map(([name, expected]) => [viewer, name, expected] as const),
  );
  it.each(cases)('%s on %s: %s', (viewer, name, expected) => {
    expect(chatAccess(viewers[viewer]!, threads[name as keyof typeof threads])).toBe(expected);
  });
});

describe('thread keys', () => {
  it('name a thread by what it belongs to', () => {
    expect(threadKey(threads.admin)).toBe('session:session-1:admin');
    expect(threadKey(threads.teamA)).toBe('team:team-a:team');
    expect(threadKey(threads.supportB)).toBe('team:team-b:support');
    expect(threadKey(threads.aliceSupport)).toBe('player:alice:support');
  });
});

describe('message text', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['a\r\nb\rc', 'a\nb\nc'],
    ['tab\tand\nline', 'tab\tand\nline'],
    ['bell\u0007 gone', 'bell gone'],
    ['evil\u202Etxt.exe', 'eviltxt.exe'],
    ['<b>kept as text</b>', '<b>kept as text</b>'],
    [' \n\t ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseMessageText(input)).toBe(expected);
  });
});
