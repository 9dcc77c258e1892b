import { describe, expect, it } from 'vitest';
import type { EventToAppend } from '../../realtime/event-log.repository.js';
import type { EventTransaction, EventWriter } from '../../realtime/event-writer.js';
import { createRankingAnnouncer, RANKING_INTERVAL_MS } from './ranking-announcer.js';

const SESSION = '00000000-0000-4000-8000-000000000001';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the interval and its grace, with room to spare. */
const pastTheInterval = () => sleep(RANKING_INTERVAL_MS * 2 + 100);

/**
 * An announcer whose transactions are recorded: the streams each held, the events it appended.
 * `failures` transactions fail first.
 */
const announcerWith = (failures = 0, rankingsPerSecond?: number) => {
  const transactions: { lock: readonly string[]; appended: EventToAppend[] }[] = [];
  const warnings: string[] = [];
  let failing = failures;
  const events: EventWriter = {
    async transaction<T>(
      work: (tx: EventTransaction) => Promise<T>,
      options: { lock?: readonly string[] } = {},
    ) {
      if (failing-- > 0) throw new Error('the database is gone');
      const appended: EventToAppend[] = [];
      const tx = {
        trx: {},
        append: async (event: EventToAppend) => {
          appended.push(event);
          return { stream: event.stream, sequence: appended.length };
        },
        appendAll: async () => [],
      } as unknown as EventTransaction;
      const result = await work(tx);
      transactions.push({ lock: options.lock ?? [], appended });
      return result;
    },
  } as EventWriter;
  const announcer = createRankingAnnouncer({
    events,
    rankingRows: async () => [
      {
        uuid: 'b',
        name: 'blue',
        score: 10,
        score_reached_at: null,
        eliminated_at: null,
        has_logo: false,
        completed: 1,
      },
      {
        uuid: 'r',
        name: 'red',
        score: 30,
        score_reached_at: null,
        eliminated_at: null,
        has_logo: false,
        completed: 3,
      },
    ],
    logger: { warn: (_details, message) => void warnings.push(message) },
    ...(rankingsPerSecond ? { rankingsPerSecond } : {}),
  });
  return { announcer, transactions, warnings };
};

describe('the ranking announcer', () => {
  it("lets a session's first change go out at once, and the next ones at the interval's end", async () => {
    const { announcer, transactions } = announcerWith();
    expect(announcer.mayAnnounce(SESSION)).toBe(true);
    announcer.announcedBy(SESSION, performance.now());
    expect(announcer.mayAnnounce(SESSION)).toBe(false);

    announcer.announceLater(SESSION);
    announcer.announceLater(SESSION);
    expect(transactions).toHaveLength(0);
    await pastTheInterval();
    // Once, in a transaction holding the session's stream, with the ranked table.
    expect(transactions).toEqual([
      {
        lock: [`session:${SESSION}`],
        appended: [
          {
            stream: `session:${SESSION}`,
            audience: 'session',
            type: 'ranking.changed',
            payload: {
              teams: [
                {
                  uuid: 'r',
                  name: 'red',
                  logoUrl: null,
                  score: 30,
                  rank: 1,
                  eliminated: false,
                  completed_objectives: 3,
                },
                {
                  uuid: 'b',
                  name: 'blue',
                  logoUrl: null,
                  score: 10,
                  rank: 2,
                  eliminated: false,
                  completed_objectives: 1,
                },
              ],
            },
          },
        ],
      },
    ]);
  });

  it('drops a deferred announcement once a batch that began after it announced', async () => {
    const { announcer, transactions } = announcerWith();
    announcer.announcedBy(SESSION, performance.now());
    announcer.announceLater(SESSION);
    await sleep(1);
    announcer.announcedBy(SESSION, performance.now());
    await pastTheInterval();
    expect(transactions).toHaveLength(0);
  });

  it('keeps a deferred announcement when the batch that announced began before it', async () => {
    const { announcer, transactions } = announcerWith();
    const began = performance.now();
    await sleep(1);
    announcer.announceLater(SESSION);
    announcer.announcedBy(SESSION, began);
    await pastTheInterval();
    expect(transactions).toHaveLength(1);
  });

  it('tries a failed announcement again later', async () => {
    const { announcer, transactions, warnings } = announcerWith(1);
    announcer.announceLater(SESSION);
    await pastTheInterval();
    await pastTheInterval();
    expect(warnings).toEqual(['ranking announcement failed: tried again']);
    expect(transactions).toHaveLength(1);
  });

  it('makes the waiting announcements at once when the node stops, and no more after', async () => {
    const { announcer, transactions } = announcerWith();
    announcer.announcedBy(SESSION, performance.now());
    announcer.announceLater(SESSION);
    await announcer.close();
    expect(transactions).toHaveLength(1);
    announcer.announceLater(SESSION);
    await pastTheInterval();
    expect(transactions).toHaveLength(1);
  });

  it("shares the node's budget evenly when many sessions are busy: each waits longer", async () => {
    // 20 announcements a second for 10 busy sessions: each one's interval is 500 ms.
    const { announcer, transactions } = announcerWith(0, 20);
    const sessions = Array.from(
      { length: 10 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const session of sessions) {
      expect(announcer.mayAnnounce(session)).toBe(true);
      announcer.announcedBy(session, performance.now());
    }
    await sleep(RANKING_INTERVAL_MS + 50);
    // Past the interval of a quiet node, yet within the shared one: none may go out yet, and a
    // change waits for the end of the longer interval.
    for (const session of sessions) expect(announcer.mayAnnounce(session)).toBe(false);
    announcer.announceLater(sessions[0]!);
    await sleep(50);
    expect(transactions).toHaveLength(0);
    await sleep(500);
    // Every session's turn has come, the first one's deferred ranking has gone out.
    expect(transactions).toHaveLength(1);
    for (const session of sessions.slice(1)) expect(announcer.mayAnnounce(session)).toBe(true);
  });

  it('keeps the short interval while few sessions are busy', async () => {
    const { announcer } = announcerWith(0, 20);
    announcer.announcedBy(SESSION, performance.now());
    await sleep(RANKING_INTERVAL_MS + 20);
    expect(announcer.mayAnnounce(SESSION)).toBe(true);
  });
});
