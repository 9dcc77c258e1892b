import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments and docs cite only documents inside it, and every
 * relative link of the Markdown pages leads to a file (and heading) that exists.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const thisFile = path.relative(root, fileURLToPath(import.meta.url));

/** Folders that hold no source of ours: dependencies, builds, test output, databases. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'data',
  '.git',
  '.test-output',
  'test-results',
  'playwright-report',
]);
const textExtensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|yaml|yml|json|sql|sh|html)$/;
const skippedFiles = new Set(['package-lock.json']);

const walk = (folder: string): string[] =>
  fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : walk(relative);
    return entry.isFile() && textExtensions.test(entry.name) && !skippedFiles.has(entry.name)
      ? [relative]
      : [];
  });

const sourceFiles = walk('.').filter((file) => file !== thisFile);
const markdownFiles = sourceFiles.filter((file) => file.endsWith('.md'));

/** Ways of citing documents that are not in the repository. */
const outsideCitations: readonly RegExp[] = [
  /\bDESIGN(\.md)?\s*(§|conventions)/,
  /\bDESIGN\.md\b/,
  /\bspec\s*§/i,
  /\bLABS\.md\b/,
  /\bproduct-spec\b/,
  /\bCONVENTIONS(\.md)?\b/,
  /\barchitecture-2026/,
  // A section sign cites a section of some document; ours link to docs/ pages instead.
  /§/,
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (markdown: string) =>
  new Set(
    markdown
      .replace(/^```[\s\S]*?^```/gm, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );

/** `[text](target)` links outside code blocks and code spans, without web or mail addresses. */
const relativeLinksOf = (markdown: string) =>
  [
    ...markdown
      .replace(/^```[\s\S]*?^```/gm, '')
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

describe('the documentation', () => {
  it('is found where the checks look for it', () => {
    expect(markdownFiles).toContain('README.md');
    expect(markdownFiles.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(5);
    expect(sourceFiles).toContain('apps/server/src/config.ts');
  });

  it('cites no document outside the repository, in code or in docs', () => {
    const citations = sourceFiles.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          outsideCitations.some((pattern) => pattern.test(line))
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(citations).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken = markdownFiles.flatMap((file) =>
      relativeLinksOf(fs.readFileSync(path.join(root, file), 'utf8')).flatMap((link) => {
        const [target = '', anchor] = link.split('#');
        const resolved = target ? path.join(path.dirname(file), target) : file;
        if (!fs.existsSync(path.join(root, resolved))) return [`${file}: ${link}`];
        if (anchor === undefined || !resolved.endsWith('.md')) return [];
        const anchors = anchorsOf(fs.readFileSync(path.join(root, resolved), 'utf8'));
        return anchors.has(anchor) ? [] : [`${file}: ${link} (no such heading)`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('gives every page under docs/ a link from the README', () => {
    const readme = relativeLinksOf(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
    const pages = markdownFiles.filter((file) => /^docs\/[^/]+\.md$/.test(file));
    expect(pages.filter((page) => !readme.includes(page))).toEqual([]);
  });

  it('lists every setting the server reads in docs/configuration.md', () => {
    const config = fs.readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
    const schema = config.slice(config.indexOf('const environmentSchema'));
    const settings = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    const documented = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    expect(settings.length).toBeGreaterThan(50);
    expect(settings.filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
  });
});
