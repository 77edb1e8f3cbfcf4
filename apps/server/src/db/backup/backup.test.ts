import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/env.js'
import {
  buildTestApp,
  createPostgresTestDatabase,
  testEngine,
  type TestContext,
} from '../../test/build-test-app.js'
import { emptyRestoreTarget as emptyTarget } from '../../test/restore-target.js'
import { saleRequest, seedCatalogue } from '../../test/factories.js'
import { startServerProcess } from '../../test/server-process.js'
import { openDatabase, migrateDatabase } from '../client.js'
import { orderItems, orders } from '../schema/index.js'
import { readBackup } from './archive.js'
import { takeBackup } from './backup.js'
import { RestoreRefused, restoreBackup } from './restore.js'

/**
 * `npm run backup` and `npm run restore` (decision 121): a snapshot taken while checkouts
 * run holds every order committed before it, restores into an empty folder or database of
 * either engine, and is a SQL script psql reads.
 */
const IMAGE = Buffer.from('RIFF-not-really-a-webp-but-bytes-that-must-survive')

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

describe('backups an owner can restore', () => {
  let ctx: TestContext & { baseUrl: string }
  let ids: { productId: string; packageId: string }
  let backupDir: string
  const cleanups: Array<() => Promise<void>> = []

  beforeAll(async () => {
    backupDir = tempDir('tavlin-backups-')
    ctx = await buildTestApp({}, { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' }, { listen: true })
    ids = await seedCatalogue(ctx.database.db)
    const imageDir = path.join(ctx.config.dataDir, 'uploads', 'products')
    fs.mkdirSync(imageDir, { recursive: true })
    fs.writeFileSync(path.join(imageDir, 'berbere-640.webp'), IMAGE)
  })
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
    await ctx.close()
    fs.rmSync(backupDir, { recursive: true, force: true })
  })

  let counter = 0
  async function checkout() {
    const key = `backup-${++counter}-${Date.now()}`
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/generate-sale',
      payload: saleRequest(ids),
      headers: { 'idempotency-key': key },
    })
    expect(response.statusCode).toBe(201)
    return response.json().data as { paymentLink: string; order: { _id: string } }
  }

  it('takes a backup under checkout load that restores with every order committed before it', async () => {
    // Four customers check out in a loop while the daily job writes its backup.
    const committed: Array<{ at: number; order: { paymentLink: string; order: { _id: string } } }> = []
    let running = true
    const customers = Array.from({ length: 4 }, async () => {
      while (running) committed.push({ order: await checkout(), at: Date.now() })
    })
    while (committed.length < 8) await new Promise((resolve) => setTimeout(resolve, 20))
    const snapshotAt = Date.now()
    const run = await ctx.app.jobs.backup()
    running = false
    await Promise.all(customers)
    expect(run.written).toMatch(/tavlin-backup-\d{8}-\d{6}Z\.tar\.gz$/)
    const before = committed.filter((entry) => entry.at < snapshotAt)
    expect(before.length).toBeGreaterThanOrEqual(8)

    const restore = await emptyTarget()
    cleanups.push(restore.drop)
    const restored = await restoreBackup(run.written!, restore.config, { force: false })
    expect(restored.restoredUploads).toBe(1)
    expect(
      fs.readFileSync(path.join(restore.config.dataDir, 'uploads', 'products', 'berbere-640.webp')),
    ).toEqual(IMAGE)

    const handle = await openDatabase(restore.target)
    try {
      // Opens like a migrated database: nothing left for the migrations to do.
      await migrateDatabase(handle)
      const rows = await handle.db.select().from(orders)
      const lines = await handle.db.select().from(orderItems)
      for (const { order } of before) {
        expect(rows.find((row) => row.id === order.order._id)?.paymentLink).toBe(order.paymentLink)
        expect(lines.filter((line) => line.orderId === order.order._id)).toHaveLength(2)
      }
      expect(rows).toHaveLength(restored.tables.orders!)
      // The order numbers go on from where the shop was, not from the start.
      const next = await handle.db
        .insert(orders)
        .values({ ...rows[0]!, id: undefined, number: undefined, idempotencyKey: null } as never)
        .returning()
      expect(next[0]!.number).toBeGreaterThan(Math.max(...rows.map((row) => row.number)))
    } finally {
      await handle.close()
    }

    // A second restore into the same place is refused, unless forced.
    await expect(restoreBackup(run.written!, restore.config, { force: false })).rejects.toThrow(
      RestoreRefused,
    )
    await expect(restoreBackup(run.written!, restore.config, { force: false })).rejects.toThrow(
      /Not empty: .*--force/,
    )
    const forced = await restoreBackup(run.written!, restore.config, { force: true })
    expect(forced.tables.orders).toBe(restored.tables.orders)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL || spawnSync('psql', ['--version']).status !== 0)(
    'writes a SQL script that psql loads into an empty PostgreSQL database',
    async () => {
      const { written } = await ctx.app.jobs.backup(new Date(Date.now() + 25 * 60 * 60 * 1000))
      const { script, manifest } = await readBackup(written!, null)
      const scriptFile = path.join(backupDir, 'database.sql')
      fs.writeFileSync(scriptFile, script)
      const database = await createPostgresTestDatabase()
      cleanups.push(database.drop)
      const psql = spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-d', database.url, '-f', scriptFile], {
        encoding: 'utf8',
      })
      expect(psql.stderr).toBe('')
      expect(psql.status).toBe(0)
      const count = spawnSync('psql', ['-tA', '-d', database.url, '-c', 'select count(*) from orders'], {
        encoding: 'utf8',
      })
      expect(Number(count.stdout.trim())).toBe(manifest.tables.orders)
    },
  )

  it('the daily job writes one backup a day and keeps BACKUP_KEEP of them', async () => {
    const day = 24 * 60 * 60 * 1000
    const start = Date.now() + 3 * day
    expect((await ctx.app.jobs.backup(new Date(start))).written).not.toBeNull()
    // An hour later the newest is recent: nothing written.
    expect((await ctx.app.jobs.backup(new Date(start + 60 * 60 * 1000))).written).toBeNull()
    const third = await ctx.app.jobs.backup(new Date(start + day))
    expect(third.written).not.toBeNull()
    expect(third.removed.length).toBeGreaterThan(0)
    const kept = fs.readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'))
    expect(kept).toHaveLength(2)
    expect(kept.sort().at(-1)).toBe(path.basename(third.written!))
  })

  it('npm run backup works while the shop runs, on its own database', async () => {
    const dataDir = tempDir('tavlin-running-')
    let env: Record<string, string> = { DATA_DIR: dataDir }
    if (testEngine() === 'postgres') {
      const database = await createPostgresTestDatabase()
      cleanups.push(database.drop)
      env = { ...env, DATABASE_URL: database.url }
    }
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
    const shop = await startServerProcess(env)
    try {
      const config = loadConfig(env)
      const out = path.join(dataDir, 'manual.tar.gz')
      const { file, manifest, through } = await takeBackup(config, out)
      expect(file).toBe(out)
      // The embedded folder is the running shop's: it writes the backup itself.
      expect(through).toBe(testEngine() === 'postgres' ? 'database' : 'shop')
      expect(manifest.tables).toHaveProperty('orders', 0)
      expect(fs.statSync(out).size).toBeGreaterThan(0)
      if (testEngine() === 'pglite') {
        await expect(restoreBackup(out, config, { force: true })).rejects.toThrow(/The shop is running/)
      }
    } finally {
      shop.child.kill('SIGTERM')
      await shop.exited
    }
  })
})
