import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the batcher', () => {
  it('sends the items pushed in one turn of the event loop as one batch, results in order', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, string>({
      maxSize: 100,
      parallel: 1,
      run: async (items) => {
        batches.push([...items]);
        return items.map((item) => `#${item}`);
      },
    });
    const results = await Promise.all([1, 2, 3].map((item) => batcher.push(item)));
    expect(results).toEqual(['#1', '#2', '#3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a batch is in flight into the next, up to the maximum size', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = createBatcher<number, number>({
      maxSize: 3,
      parallel: 1,
      run: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((item) => item * 10);
      },
    });
    const first = batcher.push(0);
    await tick();
    const later = [1, 2, 3, 4].map((item) => batcher.push(item));
    await tick();
    expect(batches).toEqual([[0]]);
    expect(batcher.waiting()).toBe(4);
    release();
    expect(await Promise.all([first, ...later])).toEqual([0, 10, 20, 30, 40]);
    expect(batches).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('starts the next batch once the one in flight hands its slot over, not before', async () => {
    const started: number[][] = [];
    let handOverFirst: () => void = () => {};
    let finishFirst: () => void = () => {};
    const batcher = createBatcher<number, number>({
      maxSize: 100,
      parallel: 1,
      run: async (items, handOver) => {
        started.push([...items]);
        if (started.length === 1) {
          handOverFirst = handOver;
          await new Promise<void>((resolve) => (finishFirst = resolve));
          handOver(); // a second call changes nothing
        }
        return items;
      },
    });
    const first = batcher.push(0);
    await tick();
    const second = [1, 2].map((item) => batcher.push(item));
    await tick();
    expect(started).toEqual([[0]]);
    handOverFirst();
    await tick();
    // The second batch runs while the first has not finished.
    expect(started).toEqual([[0], [1, 2]]);
    expect(await Promise.all(second)).toEqual([1, 2]);
    const third = batcher.push(3);
    await tick();
    // The first still holds no slot: the third did not wait for it either.
    expect(await third).toBe(3);
    finishFirst();
    expect(await first).toBe(0);
    expect(started).toEqual([[0], [1, 2], [3]]);
  });

  it('never runs more batches at once than allowed', async () => {
    let running = 0;
    let most = 0;
    const batcher = createBatcher<number, number>({
      maxSize: 1,
      parallel: 2,
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
        return items;
      },
    });
    await Promise.all(Array.from({ length: 10 }, (_, item) => batcher.push(item)));
    expect(most).toBe(2);
  });

  it('rejects the items of a failed batch only, and goes on with the next', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const batcher = createBatcher<string, string>({
      maxSize: 10,
      parallel: 1,
      run: async (items) => {
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('the database went away');
        }
        return items.map((item) => item.toUpperCase());
      },
    });
    const failed = [batcher.push('a'), batcher.push('b')];
    await tick();
    const next = batcher.push('c');
    release();
    for (const promise of failed) await expect(promise).rejects.toThrow('the database went away');
    expect(await next).toBe('C');
  });
});
