import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format'

/** One scrape of a metrics listener, parsed, with the questions the tests ask of it. */
export interface Scrape {
  /** The families as the parser reads them: name, help, type. */
  families: ReadonlyMap<string, PrometheusFamily>
  /**
   * The sum of the samples of the series `name` (a histogram's `_count`, `_sum` or `_bucket` too)
   * whose labels include `labels`; 0 when there is none, as a counter that never moved.
   */
  value(name: string, labels?: Record<string, string>): number
  /** Every value the label takes among the samples of `name`. */
  labelValues(name: string, label: string): Set<string>
}

/** Scrapes `http://host:port/metrics` over HTTP and parses it with parse-prometheus-text-format. */
export async function scrapeMetrics(port: number, host = '127.0.0.1'): Promise<Scrape> {
  const res = await fetch(`http://${host}:${port}/metrics`)
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`)
  return parseScrape(await res.text())
}

/**
 * The text parsed twice: as it is, for each family's type and help; and with the histograms' TYPE
 * lines read as untyped, for their samples. The parser folds a histogram's series into one sample
 * and drops their labels (it supports unlabelled histograms only), so each `_bucket`, `_sum` and
 * `_count` line is read as a sample of its own, labels and all.
 */
export function parseScrape(text: string): Scrape {
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]))
  // Read untyped, a histogram's series come as runs of lines, a family each: the runs of one name are joined.
  const samples = new Map<string, PrometheusSample[]>()
  for (const run of parsePrometheusTextFormat(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'))) {
    samples.set(run.name, [...(samples.get(run.name) ?? []), ...run.metrics])
  }
  const matching = (name: string, labels: Record<string, string>) =>
    (samples.get(name) ?? []).filter((sample) =>
      Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value),
    )
  return {
    families,
    value: (name, labels = {}) => matching(name, labels).reduce((sum, sample) => sum + Number(sample.value), 0),
    labelValues: (name, label) =>
      new Set(matching(name, {}).flatMap((sample) => (sample.labels?.[label] ? [sample.labels[label]] : []))),
  }
}
