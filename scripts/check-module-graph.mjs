#!/usr/bin/env node
// The server's module map, checked: which `apps/server/src/modules/<module>/` imports which,
// from the source (test files left out, since a test may build any module it needs). Fails when
// modules import each other in a cycle, so a change to one never has to be read through the
// other. Prints the counts a reviewer watches: coupled module pairs, arrows that climb the layer
// order below, and the cycles.
//   --list   print every arrow too
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

// Lowest first: a module may import the ones before it. An import of a later module is an
// upward arrow, allowed (a composition may need it) but counted, so it stays a deliberate choice.
const layers = [
  ['rate-limit', 'audit', 'system'],
  ['identity', 'profile'],
  ['content'],
  ['sessions'],
  ['play', 'chat', 'labs'],
  ['cockpit', 'debrief', 'display', 'retention'],
];
const layerOf = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));

const sourceFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

const moduleOf = (file) => {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** module → module → files that make the arrow */
const arrows = new Map();
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
for (const name of modules) arrows.set(name, new Map());

for (const file of sourceFiles(modulesDir)) {
  const from = moduleOf(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const to = moduleOf(path.resolve(path.dirname(file), match[1]));
    if (!to || to === from) continue;
    const files = arrows.get(from).get(to) ?? new Set();
    files.add(path.relative(modulesDir, file));
    arrows.get(from).set(to, files);
  }
}

const pairs = new Set();
const upward = [];
for (const [from, targets] of arrows)
  for (const to of targets.keys()) {
    pairs.add([from, to].sort().join(' – '));
    const a = layerOf.get(from);
    const b = layerOf.get(to);
    if (a === undefined || b === undefined || b > a) upward.push(`${from} → ${to}`);
  }

// Cycles: strongly connected components of more than one module (Tarjan).
const components = [];
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of arrows.get(node).keys()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of modules) if (!index.has(node)) visit(node);
}
const mutual = [...pairs].filter((pair) => {
  const [a, b] = pair.split(' – ');
  return arrows.get(a).has(b) && arrows.get(b).has(a);
});

const possible = (modules.length * (modules.length - 1)) / 2;
console.log(
  `server modules: ${modules.length}, coupled pairs ${pairs.size} of ${possible}, ` +
    `upward arrows ${upward.length}, two-way pairs ${mutual.length}, cycles ${components.length}`,
);
if (process.argv.includes('--list'))
  for (const [from, targets] of arrows)
    for (const [to, files] of targets) console.log(`  ${from} → ${to}: ${[...files].join(', ')}`);
for (const arrow of upward) console.log(`  upward: ${arrow}`);
for (const component of components) {
  const detail = component
    .flatMap((from) =>
      component
        .filter((to) => arrows.get(from).has(to))
        .map((to) => `${from} → ${to} (${[...arrows.get(from).get(to)].join(', ')})`),
    )
    .join('\n    ');
  console.error(`  cycle: ${component.join(', ')}\n    ${detail}`);
}
if (components.length > 0) {
  console.error('Modules must not import each other in a cycle: see docs/architecture.md#modules');
  process.exit(1);
}
