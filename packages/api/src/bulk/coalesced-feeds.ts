/**
 * One owner's feeds on this instance, one at a time: a feed asked for while another of the same
 * owner's runs is done once, after it, for every asker meanwhile. Each settled row asks for a feed,
 * and at full speed rows settle faster than a feed takes, so the feeds batch up instead of queueing
 * behind the owner's lock one per row. The promise an asker gets settles once a feed that started
 * after the ask has ended, so the rows settled by then have been counted.
 */
export function coalescedFeeds(feed: (ownerId: string) => Promise<unknown>): (ownerId: string) => Promise<void> {
  const feeding = new Map<string, { current: Promise<void>; next: Promise<void> | null }>()
  const start = (ownerId: string): Promise<void> => {
    const current = Promise.resolve()
      .then(() => feed(ownerId))
      .then(() => undefined)
    const entry: { current: Promise<void>; next: Promise<void> | null } = { current, next: null }
    feeding.set(ownerId, entry)
    void current
      .catch(() => undefined)
      .finally(() => {
        if (feeding.get(ownerId) === entry && entry.next === null) feeding.delete(ownerId)
      })
    return current
  }
  return (ownerId) => {
    const entry = feeding.get(ownerId)
    if (!entry) return start(ownerId)
    entry.next ??= entry.current.catch(() => undefined).then(() => start(ownerId))
    return entry.next
  }
}
