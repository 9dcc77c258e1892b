import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: unknown };
}

/**
 * Rampart declares the oldest Node.js it runs on; every package the lockfile installs must run
 * there too, or `npm ci` warns (EBADENGINE) and a package may fail at run time on a supported
 * Node. The check reads the lockfile, so a dependency update that needs a newer Node fails here
 * before it reaches an operator.
 */
describe('the Node.js versions Rampart supports', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(declared)!.version;
  const packages: Record<string, LockedPackage> = readJson('package-lock.json').packages;

  it('run every package of the lockfile', () => {
    const refusing = Object.entries(packages)
      .filter(([, locked]) => typeof locked.engines?.node === 'string')
      .filter(([, locked]) => !semver.satisfies(oldest, locked.engines!.node as string))
      .map(([where, locked]) => `${where}@${locked.version}: node ${locked.engines!.node}`);
    expect(refusing, `packages that refuse Node ${oldest}`).toEqual([]);
  });

  it('include the Node.js running the tests', () => {
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });
});
