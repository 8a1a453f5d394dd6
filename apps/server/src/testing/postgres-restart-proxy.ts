import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * A TCP proxy a test puts between the app and PostgreSQL, to make it look as if the server
 * restarted: `drop()` cuts every open connection (both sides) and refuses new ones (each is reset
 * as soon as it arrives, as a closed port would) until `restore()`. The port stays the proxy's
 * throughout, so the app's URL never changes, as a restarted server's would not.
 */
export interface PostgresRestartProxy {
  /** `databaseUrl` (the real server's) rewritten to go through the proxy. */
  readonly url: string
  /** Connections currently passed through. */
  readonly open: number
  /** Connections refused while down. */
  readonly refused: number
  /** Cuts every connection and refuses new ones; resolves once every cut socket has closed. */
  drop(): Promise<void>
  /** Lets connections through again. */
  restore(): void
  close(): Promise<void>
}

export async function startPostgresRestartProxy(databaseUrl: string): Promise<PostgresRestartProxy> {
  const target = new URL(databaseUrl)
  const upstream = { host: target.hostname, port: Number(target.port || 5432) }
  const pairs = new Set<[Socket, Socket]>()
  let down = false
  let refused = 0

  const server = createServer((client) => {
    if (down) {
      refused += 1
      client.resetAndDestroy()
      return
    }
    const backend = createConnection(upstream)
    const pair: [Socket, Socket] = [client, backend]
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      backend.destroy()
    }
    // Either side failing or closing ends both, as a dead server ends the session.
    for (const socket of pair) {
      socket.on('error', end)
      socket.on('close', end)
    }
    client.pipe(backend)
    backend.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxied = new URL(databaseUrl)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(port)

  const cutAll = async () => {
    const closing = [...pairs].flat().map((socket) => new Promise<void>((resolve) => socket.once('close', resolve)))
    for (const [client, backend] of pairs) {
      client.resetAndDestroy()
      backend.destroy()
    }
    await Promise.all(closing)
  }

  return {
    url: proxied.toString(),
    get open() {
      return pairs.size
    },
    get refused() {
      return refused
    },
    async drop() {
      down = true
      await cutAll()
    },
    restore() {
      down = false
    },
    async close() {
      down = true
      await cutAll()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
