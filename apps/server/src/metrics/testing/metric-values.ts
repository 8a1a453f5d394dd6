/**
 * The values of a few series in a Prometheus text page, each summed over its samples (all label
 * sets), 0 for a series the page lacks: what the soak samples four times a minute. A line scan, not a
 * parser: a full parse of an instance's page (every route's histogram) held the load generator's
 * event loop for tens of milliseconds, and the generator's pauses show as the server's latency.
 */
export function metricValues<Name extends string>(text: string, names: readonly Name[]): Record<Name, number> {
  const wanted = new Set<string>(names)
  const values = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const nameEnd = line.search(/[{ ]/)
    const name = nameEnd === -1 ? line : line.slice(0, nameEnd)
    if (!wanted.has(name)) continue
    // The value follows the labels (which may hold spaces in quotes): the field after the last `}`.
    const rest = line.slice(line[nameEnd] === '{' ? line.lastIndexOf('}') + 1 : nameEnd).trim()
    const value = Number(rest.split(' ')[0])
    if (Number.isFinite(value)) values[name as Name] += value
  }
  return values
}
