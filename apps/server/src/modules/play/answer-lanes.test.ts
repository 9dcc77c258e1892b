import { describe, expect, it } from 'vitest';
import { createAnswerLanes, type Outcome } from './answer-lanes.js';

interface Item {
  session: string;
  name: string;
  key?: string;
}

/** Lanes whose batches run `decide`; every batch seen is kept, in the order it started. */
const lanesWith = (decide: (items: readonly Item[]) => Promise<Outcome<string>[]>, lanes = 1) => {
  const batches: string[][] = [];
  const service = createAnswerLanes<Item, string>({
    lanes,
    parallel: 1,
    handOverAtAppend: false,
    sessionOf: (item) => item.session,
    submissionKeyOf: (item) => item.key ?? null,
    decide: (items) => {
      batches.push(items.map((item) => item.name));
      return decide(items);
    },
  });
  return { push: service.push, batches };
};

const answered = (items: readonly Item[]) =>
  Promise.resolve(items.map((item): Outcome<string> => ({ ok: true, result: item.name })));
const lost = (code: string) => Object.assign(new Error(`lost: ${code}`), { code });
const session = '00000000-0000-4000-8000-000000000000';

describe('answer lanes', () => {
  it('decides the answers that arrive together in one batch, each with its own outcome', async () => {
    const { push, batches } = lanesWith(answered);
    const outcomes = await Promise.all(['a', 'b', 'c'].map((name) => push({ session, name })));
    expect(outcomes).toEqual(['a', 'b', 'c'].map((result) => ({ ok: true, result })));
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('tries a batch that lost a deadlock or a serialisation race again, three times at most', async () => {
    let failures = 2;
    const { push, batches } = lanesWith((items) =>
      failures-- > 0 ? Promise.reject(lost(failures % 2 ? '40P01' : '40001')) : answered(items),
    );
    expect(await push({ session, name: 'a' })).toEqual({ ok: true, result: 'a' });
    expect(batches).toHaveLength(3);

    const always = lanesWith(() => Promise.reject(lost('40001')));
    const outcome = await always.push({ session, name: 'b' });
    expect(outcome).toMatchObject({ ok: false, error: { code: '40001' } });
    expect(always.batches).toHaveLength(4);
  });

  it('does not try again a batch that failed otherwise, but each of its answers alone', async () => {
    const { push, batches } = lanesWith((items) =>
      items.some((item) => item.name === 'bad')
        ? Promise.reject(new Error('bad answer'))
        : answered(items),
    );
    const outcomes = await Promise.all(['a', 'bad', 'c'].map((name) => push({ session, name })));
    expect(outcomes[0]).toEqual({ ok: true, result: 'a' });
    expect(outcomes[1]).toMatchObject({ ok: false, error: { message: 'bad answer' } });
    expect(outcomes[2]).toEqual({ ok: true, result: 'c' });
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('decides a submission sent twice in one batch once, and answers both copies alike', async () => {
    const { push, batches } = lanesWith(answered);
    const outcomes = await Promise.all([
      push({ session, name: 'first', key: 'k' }),
      push({ session, name: 'copy', key: 'k' }),
      push({ session, name: 'other' }),
    ]);
    expect(batches).toEqual([['first', 'other']]);
    expect(outcomes.map((outcome) => outcome.ok && outcome.result)).toEqual([
      'first',
      'first',
      'other',
    ]);
  });

  it('runs the batches of one session one after the other, those of two lanes side by side', async () => {
    let inFlight = 0;
    let most = 0;
    const decide = async (items: readonly Item[]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return answered(items);
    };
    const oneSession = lanesWith(decide, 2);
    await Promise.all(
      ['a', 'b', 'c'].map(async (name, turn) => {
        await new Promise((resolve) => setTimeout(resolve, turn));
        return oneSession.push({ session, name });
      }),
    );
    expect(most).toBe(1);
    expect(oneSession.batches.flat()).toEqual(['a', 'b', 'c']);

    // Two sessions playing at once each get a lane, whatever their uuids (these two end alike).
    for (const [first, second] of [
      ['2', '4'],
      ['1', '3'],
    ]) {
      most = 0;
      const twoSessions = lanesWith(decide, 2);
      await Promise.all([
        twoSessions.push({ session: session.replace(/0$/, first!), name: 'first' }),
        twoSessions.push({ session: session.replace(/0$/, second!), name: 'second' }),
      ]);
      expect(most).toBe(2);
      expect(twoSessions.batches).toEqual([['first'], ['second']]);
    }
  });

  it("keeps a session's answers in one lane while any is in flight, even beside a quieter one", async () => {
    const releases: (() => void)[] = [];
    const held = (items: readonly Item[]) =>
      new Promise<Outcome<string>[]>((resolve) => releases.push(() => resolve(answered(items))));
    const { push, batches } = lanesWith(held, 2);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    const busy = ['a1', 'a2', 'a3'].map((name) => push({ session, name }));
    const other = push({ session: session.replace(/0$/, '2'), name: 'b1' });
    await tick();
    expect(batches).toEqual([['a1', 'a2', 'a3'], ['b1']]);
    // The second lane has fewer answers waiting, but the first session's batch is in flight.
    const later = push({ session, name: 'a4' });
    releases[1]!();
    await other;
    await tick();
    expect(batches).toEqual([['a1', 'a2', 'a3'], ['b1']]);
    releases[0]!();
    await Promise.all(busy);
    await tick();
    expect(batches).toEqual([['a1', 'a2', 'a3'], ['b1'], ['a4']]);
    releases[2]!();
    expect(await later).toEqual({ ok: true, result: 'a4' });
  });
});
