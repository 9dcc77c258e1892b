import { describe, expect, it } from 'vitest';
import { findChunkCycle, type ChunkImports } from './chunk-cycles';

const chunk = (fileName: string, imports: string[] = []): ChunkImports => ({
  fileName,
  imports,
  moduleIds: [`/app/src/${fileName}.ts`],
});

describe('the chunk cycle check', () => {
  it('passes chunks that share their imports in one direction', () => {
    // Two screens share a chunk and a library; the shared chunk needs the library too.
    const bundle = [
      chunk('entry', ['react', 'initial']),
      chunk('initial', ['react']),
      chunk('game', ['shared', 'zod', 'react']),
      chunk('home', ['shared']),
      chunk('shared', ['initial', 'zod']),
      chunk('zod'),
      chunk('react'),
    ];
    expect(findChunkCycle(bundle)).toBeNull();
  });

  it('finds two chunks that import each other', () => {
    // The shape of the build that broke every page: the shared app code and the schemas' chunk.
    const bundle = [
      chunk('entry', ['shared']),
      chunk('shared', ['schemas']),
      chunk('schemas', ['zod', 'shared']),
      chunk('zod'),
    ];
    expect(findChunkCycle(bundle)).toEqual(['shared', 'schemas', 'shared']);
  });

  it('finds a longer cycle, wherever the walk starts, and a chunk importing itself', () => {
    const bundle = [
      chunk('a', ['b']),
      chunk('b', ['c']),
      chunk('c', ['d']),
      chunk('d', ['b']),
      chunk('e', ['a']),
    ];
    expect(findChunkCycle(bundle)).toEqual(['b', 'c', 'd', 'b']);
    expect(findChunkCycle([...bundle].reverse())).toEqual(['b', 'c', 'd', 'b']);
    expect(findChunkCycle([chunk('x', ['x'])])).toEqual(['x', 'x']);
  });
});
