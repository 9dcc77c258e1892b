import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the deployment folder', () => {
  it('says what it holds', () => {
    expect(fs.readFileSync('deploy/README.md', 'utf8')).toMatch(/# Deploying Rampart/);
  });
});
