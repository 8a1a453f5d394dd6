import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parser } from '@prometheus-io/lezer-promql'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'

import { METRICS_PATH } from './metrics-listener.ts'
import { buildMetricsRegistry } from './server-metrics.ts'

const OPS = fileURLToPath(new URL('../../../../ops/', import.meta.url))
const JOB = 'promptly'
/** Series Prometheus makes itself for every target it scrapes. */
const MADE_BY_PROMETHEUS = ['up']

/** The series Prometheus stores for one metric of each type whose name is not the metric's alone. */
const SUFFIXES: Partial<Record<string, string[]>> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
}

/** Every series name the server can export: a histogram's as Prometheus stores them (_bucket, _sum, _count). */
async function exportedSeries(): Promise<Set<string>> {
  // The pool's gauges exist on PostgreSQL only: a pool is given, as PostgreSQL's would be.
  const pool = { totalCount: 0, idleCount: 0, waitingCount: 0 }
  const raw = { query: async () => [] }
  const { registry } = buildMetricsRegistry({ db: { pool, raw }, pingRedis: async () => 'PONG' })
  const names = new Set(MADE_BY_PROMETHEUS)
  for (const metric of await registry.getMetricsAsJSON()) {
    const suffixes = SUFFIXES[metric.type] ?? ['']
    for (const suffix of suffixes) names.add(`${metric.name}${suffix}`)
  }
  return names
}

interface Expression {
  where: string
  promql: string
}

interface AlertRule {
  alert: string
  expr: string
}

function alertExpressions(): Expression[] {
  const file = parseYaml(readFileSync(path.join(OPS, 'prometheus/alerts.yml'), 'utf8')) as {
    groups: Array<{ name: string; rules: AlertRule[] }>
  }
  return file.groups.flatMap((group) => group.rules.map((rule) => ({ where: rule.alert, promql: rule.expr })))
}

interface Panel {
  title?: string
  targets?: Array<{ expr?: string }>
  panels?: Panel[]
}

/** Grafana's variables stand in for durations and label values: given values a parser accepts. */
function withGrafanaVariables(promql: string): string {
  return promql.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*')
}

function dashboardExpressions(): Expression[] {
  const dashboard = JSON.parse(readFileSync(path.join(OPS, 'grafana/promptly-dashboard.json'), 'utf8')) as {
    panels: Panel[]
    templating: { list: Array<{ name: string; definition?: string }> }
  }
  const panels = (list: Panel[]): Panel[] => list.flatMap((panel) => [panel, ...panels(panel.panels ?? [])])
  const targets = panels(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).flatMap((target) =>
      target.expr ? [{ where: panel.title ?? 'panel', promql: withGrafanaVariables(target.expr) }] : [],
    ),
  )
  // label_values(selector, label) is Grafana's; the selector inside it is PromQL.
  const variables = dashboard.templating.list.flatMap((variable) => {
    const selector = /^label_values\((.+),\s*\w+\)$/.exec(variable.definition ?? '')?.[1]
    return selector ? [{ where: `variable ${variable.name}`, promql: selector }] : []
  })
  return [...targets, ...variables]
}

/** The metric names an expression selects, and the values its `job` matchers ask for; throws on bad PromQL. */
function readExpression({ where, promql }: Expression): { metrics: string[]; jobs: string[] } {
  const tree = parser.parse(promql)
  const metrics: string[] = []
  const jobs: string[] = []
  tree.iterate({
    enter(node) {
      if (node.type.isError) throw new Error(`${where}: PromQL does not parse at ${node.from}: ${promql}`)
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.push(promql.slice(node.from, node.to))
      if (node.name === 'UnquotedLabelMatcher') {
        const matcher = promql.slice(node.from, node.to)
        const job = /^job\s*=\s*"([^"]*)"$/.exec(matcher)?.[1]
        if (job !== undefined) jobs.push(job)
      }
    },
  })
  if (metrics.length === 0) throw new Error(`${where}: selects no series: ${promql}`)
  return { metrics, jobs }
}

describe('the ops files name only series the server exports', () => {
  const files = {
    'ops/prometheus/alerts.yml': alertExpressions(),
    'ops/grafana/promptly-dashboard.json': dashboardExpressions(),
  }

  it.each(Object.entries(files))(
    '%s: every expression parses and selects exported series',
    async (_file, expressions) => {
      const exported = await exportedSeries()
      expect(expressions.length).toBeGreaterThan(5)
      for (const expression of expressions) {
        const { metrics, jobs } = readExpression(expression)
        for (const metric of metrics) expect(exported.has(metric), `${expression.where}: ${metric}`).toBe(true)
        // Alerts and panels look at the job prometheus.yml scrapes, or they would watch nothing.
        for (const job of jobs) expect(job, expression.where).toBe(JOB)
      }
    },
  )

  it('the dashboard shows what the operator asked for, and the alerts watch it', () => {
    const used = (expressions: Expression[]) => new Set(expressions.flatMap((e) => readExpression(e).metrics))
    expect([...used(files['ops/grafana/promptly-dashboard.json'])]).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds_count',
        'http_request_duration_seconds_bucket',
        'promptly_generations_total',
        'promptly_provider_duration_seconds_bucket',
        'promptly_provider_first_chunk_seconds_bucket',
        'promptly_credits_total',
        'promptly_cache_lookups_total',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'promptly_pg_pool_connections',
        'promptly_pg_pool_waiting_clients',
      ]),
    )
    expect([...used(files['ops/prometheus/alerts.yml'])]).toEqual(
      expect.arrayContaining([
        'up',
        'promptly_dependency_up',
        'http_request_duration_seconds_count',
        'http_request_duration_seconds_bucket',
        'promptly_generations_total',
        'promptly_reservation_sweeper_refunds_total',
      ]),
    )
  })
})

describe('ops/prometheus/prometheus.yml', () => {
  const config = parseYaml(readFileSync(path.join(OPS, 'prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[]
    scrape_configs: Array<{ job_name: string; metrics_path: string; static_configs: Array<{ targets: string[] }> }>
  }

  it('scrapes both instances of the stack at the metrics listener', () => {
    expect(config.scrape_configs).toEqual([
      {
        job_name: JOB,
        metrics_path: METRICS_PATH,
        static_configs: [{ targets: ['promptly-1:9464', 'promptly-2:9464'] }],
      },
    ])
  })

  it('loads the alert rules beside it', () => {
    expect(config.rule_files).toEqual(['alerts.yml'])
    for (const file of config.rule_files) expect(existsSync(path.join(OPS, 'prometheus', file))).toBe(true)
  })
})
