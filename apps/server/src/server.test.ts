import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './db/client.js'
import { products } from './db/schema/index.js'
import { createPostgresTestDatabase, testEngine } from './test/build-test-app.js'
import {
  freePort,
  spawnServerProcess,
  waitUntilListening,
  type SpawnedServer,
} from './test/server-process.js'

/**
 * The real server process: what a wrong environment, a missing database or a busy
 * port look like to whoever starts it, and how it stops.
 */
const START_TIMEOUT = 120_000

function stderrLines(server: SpawnedServer): string[] {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line.trim() !== '')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('server process', () => {
  let dataDir: string
  let databaseEnv: Record<string, string> = {}
  let dropDatabase: () => Promise<void> = async () => {}

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-process-'))
    if (testEngine() === 'postgres') {
      const created = await createPostgresTestDatabase()
      databaseEnv = { DATABASE_URL: created.url }
      dropDatabase = created.drop
    }
  })
  afterAll(async () => {
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'stops on a wrong PORT with one line naming it',
    async () => {
      const server = spawnServerProcess({ PORT: 'eighty', DATA_DIR: dataDir })
      expect((await server.exited).code).toBe(1)
      expect(stderrLines(server)).toHaveLength(1)
      expect(server.stderr()).toMatch(/PORT="eighty"/)
    },
    START_TIMEOUT,
  )

  it(
    'stops with one line when the database cannot be reached',
    async () => {
      const server = spawnServerProcess({
        PORT: String(await freePort()),
        DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:5999/tavlin',
      })
      expect((await server.exited).code).toBe(1)
      expect(stderrLines(server)).toHaveLength(1)
      expect(server.stderr()).toMatch(/Cannot connect to PostgreSQL at .*127\.0\.0\.1:5999/)
      expect(server.stderr()).not.toContain('secret')
    },
    START_TIMEOUT,
  )

  it(
    'stops with one line when the port is already in use',
    async () => {
      const squatter = net.createServer()
      await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
      const { port } = squatter.address() as net.AddressInfo
      try {
        const server = spawnServerProcess({ PORT: String(port), DATA_DIR: dataDir, ...databaseEnv })
        expect((await server.exited).code).toBe(1)
        expect(stderrLines(server)).toEqual([
          expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`),
        ])
      } finally {
        await new Promise((resolve) => squatter.close(resolve))
      }
    },
    START_TIMEOUT,
  )

  it(
    'finishes an in-flight request on SIGTERM, exits 0, and keeps its data for the next start',
    async () => {
      const port = await freePort()
      const env = { PORT: String(port), DATA_DIR: dataDir, ...databaseEnv }
      const first = spawnServerProcess(env)
      await waitUntilListening(first, START_TIMEOUT)

      // A request whose body is still arriving when the signal comes.
      const socket = net.connect(port, '127.0.0.1')
      await new Promise((resolve) => socket.once('connect', resolve))
      let answer = ''
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
      const ended = new Promise((resolve) => socket.once('end', resolve))
      socket.write(
        'POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":',
      )
      await sleep(300)
      first.child.kill('SIGTERM')
      await sleep(500)
      expect(answer).toBe('')
      expect(first.child.exitCode).toBeNull()
      socket.write('"abcdefghijkl"}')
      await ended
      expect(answer).toMatch(/^HTTP\/1\.1 404/)
      expect(answer.toLowerCase()).toContain('connection: close')
      expect(answer).toContain('"code":"NOT_FOUND"')
      expect((await first.exited).code).toBe(0)

      // Something written while the server is down must be there after the next start and stop.
      const target = databaseEnv.DATABASE_URL
        ? ({ kind: 'postgres', url: databaseEnv.DATABASE_URL } as const)
        : ({ kind: 'pglite', dataDir } as const)
      let handle = await openDatabase(target)
      await handle.db
        .insert(products)
        .values({ name: 'מוצר בדיקה', shortDescription: 'נשמר בין הפעלות', image: '/x-640.webp' })
      await handle.close()

      const second = spawnServerProcess({ ...env, SEED_DEMO_DATA: 'true' })
      await waitUntilListening(second, START_TIMEOUT)
      // Not empty, so no demo catalogue on top of it.
      expect(second.stdout()).not.toContain('Demo catalogue loaded')
      const health = await fetch(`http://127.0.0.1:${port}/api/health`)
      expect(health.status).toBe(200)
      second.child.kill('SIGTERM')
      expect((await second.exited).code).toBe(0)

      handle = await openDatabase(target)
      const rows = await handle.db.select({ name: products.name }).from(products)
      const [total] = await handle.db.select({ n: count() }).from(products)
      await handle.close()
      expect(rows).toEqual([{ name: 'מוצר בדיקה' }])
      expect(total!.n).toBe(1)
    },
    START_TIMEOUT * 2,
  )
})
