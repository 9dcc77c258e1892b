import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
// @ts-expect-error -- the package ships no types: an array of { name, type, metrics }.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const ENTRY = 'apps/server/dist/main.js';
/** What Prometheus sends when it scrapes. */
const SCRAPE_ACCEPT =
  'application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.4,*/*;q=0.1';
/** Series Prometheus makes itself for every target, which no exporter exports. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

interface Family {
  name: string;
  type: string;
}

const port = () => 56_000 + Math.floor(Math.random() * 1000);

/** The metric names a PromQL expression selects; throws on an expression that does not parse. */
const metricsOf = (expr: string) => {
  const names = new Set<string>();
  const problems: string[] = [];
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError)
        problems.push(`at ${node.from}: ${expr.slice(node.from, node.to + 10)}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.add(expr.slice(node.from, node.to));
    },
  });
  if (problems.length) throw new Error(`PromQL does not parse: ${problems.join('; ')}\n${expr}`);
  return names;
};

/** The sample names a family exposes: a histogram's buckets, sum and count. */
const sampleNames = (family: Family) =>
  family.type === 'HISTOGRAM'
    ? [`${family.name}_bucket`, `${family.name}_sum`, `${family.name}_count`]
    : family.type === 'SUMMARY'
      ? [family.name, `${family.name}_sum`, `${family.name}_count`]
      : [family.name];

/**
 * The built server started as an operator starts it, with its metrics on a port of their own,
 * scraped as Prometheus scrapes; the alerting rules shipped in deploy/prometheus are checked
 * against what it really exports.
 */
describe('metrics of the built server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-metrics-'));
  const mainPort = port();
  const metricsPort = mainPort + 1000 > 56_999 ? mainPort - 1000 : mainPort + 1000;
  let output = '';
  let server: ReturnType<typeof spawn>;
  let exported: Family[];

  beforeAll(async () => {
    if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
    server = spawn(process.execPath, [ENTRY], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(mainPort),
        PGLITE_DIR: dataDir,
        SEED_DEMO_ACCOUNTS: 'false',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      const health = await fetch(`http://127.0.0.1:${mainPort}/api/health`).catch(() => null);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a Prometheus scrape on METRICS_PORT, and nothing on the main port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { accept: SCRAPE_ACCEPT, 'user-agent': 'Prometheus/3.0.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    exported = (parsePrometheusTextFormat as (text: string) => Family[])(await response.text());
    const names = exported.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'rampart_http_requests_total',
        'rampart_http_request_duration_seconds',
        'rampart_event_streams_open',
        'rampart_event_fanout_lag_seconds',
        'rampart_answers_total',
        'rampart_lab_environments',
        'process_resident_memory_bytes',
      ]),
    );
    expect((await fetch(`http://127.0.0.1:${mainPort}/metrics`)).status).toBe(404);
  });

  it('ships alerting rules that parse and name only metrics the server exports', () => {
    const exportedNames = new Set(exported.flatMap(sampleNames));
    const rules = parseYaml(fs.readFileSync('deploy/prometheus/alerts.yaml', 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'RampartNodeDown',
        'RampartServerErrors',
        'RampartEventFanoutLagHigh',
        'RampartDatabasePoolExhausted',
        'RampartLabEnvironmentsFailing',
      ]),
    );
    for (const rule of alerts) {
      const unknown = [...metricsOf(rule.expr)].filter(
        (name) => !exportedNames.has(name) && !PROMETHEUS_OWN.has(name),
      );
      expect(unknown, rule.alert).toEqual([]);
      if (rule.for) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
  });
});
