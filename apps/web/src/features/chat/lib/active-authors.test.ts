import type { ChatMessage } from '@rampart/contracts';
import { describe, expect, it } from 'vitest';
import { activeAuthors } from './active-authors';

const now = Date.parse('2025-05-01T10:00:00Z');
const message = (
  pseudo: string,
  minutesAgo: number,
  role: 'player' | 'trainer' = 'player',
): ChatMessage => ({
  uuid: crypto.randomUUID(),
  threadUuid: '00000000-0000-4000-8000-000000000000',
  clientId: null,
  author: { id: `id-${pseudo}`, pseudo, role, avatarId: null },
  text: 'hi',
  created_at: new Date(now - minutesAgo * 60_000).toISOString(),
});

describe('who is active in a conversation', () => {
  it('lists the authors of the last ten minutes, most recent first, once each', () => {
    const messages = [
      message('old', 30),
      message('bob', 9),
      message('alice', 5),
      message('bob', 1),
    ];
    expect(activeAuthors(messages, now).map((author) => author.pseudo)).toEqual(['bob', 'alice']);
  });

  it('keeps the trainers only when asked (who answers support)', () => {
    const messages = [message('coach', 3, 'trainer'), message('alice', 2)];
    expect(activeAuthors(messages, now, 'trainer').map((author) => author.pseudo)).toEqual([
      'coach',
    ]);
  });

  it('is empty for a quiet conversation', () => {
    expect(activeAuthors([message('alice', 11)], now)).toEqual([]);
  });
});
