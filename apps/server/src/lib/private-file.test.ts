import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writePrivateFile } from './private-file.js';

describe('writing a private file', () => {
  let directory: string;

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-private-file-'));
  });

  afterEach(() => {
    vi.restoreAllMocks();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('writes the bytes whole, readable by the owner only, and leaves nothing beside them', () => {
    const file = path.join(directory, 'backup');
    writePrivateFile(file, Buffer.from('the bytes'));
    expect(fs.readFileSync(file, 'utf8')).toBe('the bytes');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(directory)).toEqual(['backup']);
  });

  it.skipIf(process.platform !== 'linux')(
    'has the bytes, then the name, on disk before it returns',
    () => {
      const file = path.join(directory, 'secret-key');
      const flushed: string[] = [];
      vi.spyOn(fs, 'fsyncSync').mockImplementation((descriptor) => {
        const target = fs.readlinkSync(`/proc/self/fd/${descriptor}`);
        // The file's bytes are flushed while it is still the partial file, before the rename.
        flushed.push(fs.existsSync(file) ? `after rename: ${target}` : `before rename: ${target}`);
      });
      writePrivateFile(file, 'key\n');
      expect(flushed).toHaveLength(2);
      expect(flushed[0]).toMatch(/^before rename: .*secret-key\.[0-9a-f-]+\.partial$/);
      expect(flushed[1]).toBe(`after rename: ${fs.realpathSync(directory)}`);
    },
  );

  it('replaces a file at once', () => {
    const file = path.join(directory, 'secret-key');
    writePrivateFile(file, 'old\n');
    writePrivateFile(file, 'new\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('new\n');
    expect(fs.readdirSync(directory)).toEqual(['secret-key']);
  });

  it('refuses to replace a file when exclusive, keeping the one there', () => {
    const file = path.join(directory, 'secret-key');
    writePrivateFile(file, 'first\n', { exclusive: true });
    expect(() => writePrivateFile(file, 'second\n', { exclusive: true })).toThrow(
      expect.objectContaining({ code: 'EEXIST' }),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('first\n');
    expect(fs.readdirSync(directory)).toEqual(['secret-key']);
  });
});
