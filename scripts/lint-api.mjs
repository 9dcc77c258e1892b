#!/usr/bin/env node
// `npm run lint:api`: writes the OpenAPI document the server serves (generated from the
// contracts) to .test-output/openapi.json and lints it with Redocly's recommended ruleset
// (redocly.yaml). Offline: no telemetry, no update check, no remote reference.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { buildApiDocument } = await tsImport('../packages/contracts/src/index.ts', import.meta.url);
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const output = path.join('.test-output', 'openapi.json');
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(
  output,
  `${JSON.stringify(buildApiDocument({ title: 'Rampart API', version }), null, 2)}\n`,
);

const { status } = spawnSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', '--config', 'redocly.yaml', '--format', 'stylish', output],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  },
);
process.exit(status ?? 1);
