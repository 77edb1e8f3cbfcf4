import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, migrateDatabase } from '../db/client.js'
import { buildTestApp, testEngine, type TestContext } from '../test/build-test-app.js'
import { contact, post } from '../test/form-fixtures.js'
import { multipart, picture } from '../test/multipart.js'
import { tokenFactory } from '../test/tokens.js'

/** Every folder and file under `root` (root included), counted by kind and mode: `{ 'd700': 26, 'f600': 972 }`. */
function modesUnder(root: string): Record<string, number> {
  const counts: Record<string, number> = {}
  const count = (entry: string, isFolder: boolean) => {
    const key = `${isFolder ? 'd' : 'f'}${(fs.statSync(entry).mode & 0o777).toString(8)}`
    counts[key] = (counts[key] ?? 0) + 1
    if (isFolder)
      for (const child of fs.readdirSync(entry, { withFileTypes: true }))
        count(path.join(entry, child.name), child.isDirectory())
  }
  count(root, true)
  return counts
}

const onlyPrivate = (counts: Record<string, number>) =>
  Object.keys(counts).every((key) => key === 'd700' || key === 'f600')

/*
 * Issue 33 point 3: 969 of 1,212 files in data/db were 0666, even with umask 022. The data
 * folder is the shop's user's alone: folders 0700, files 0600, on both engines' paths.
 */
describe('the data folder is the shop’s alone', () => {
  const made: string[] = []
  const freshFolder = (mode = 0o700) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-modes-'))
    fs.chmodSync(folder, mode)
    made.push(folder)
    return folder
  }
  afterAll(() => {
    for (const folder of made) fs.rmSync(folder, { recursive: true, force: true })
  })

  it.skipIf(testEngine() !== 'pglite')(
    'keeps the embedded database’s files 0600 in 0700 folders, from a fresh folder on',
    async () => {
      const dataDir = path.join(freshFolder(), 'data')
      const database = await openDatabase({ kind: 'pglite', dataDir })
      const opened = modesUnder(path.join(dataDir, 'db'))
      expect(opened, JSON.stringify(opened)).toSatisfy(onlyPrivate)
      await migrateDatabase(database)
      await database.close()
      const closed = modesUnder(path.join(dataDir, 'db'))
      expect(closed, JSON.stringify(closed)).toSatisfy(onlyPrivate)
      expect(closed.f600).toBeGreaterThan(900)
      expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700')
      // Opening again writes PGlite's cache files anew (0644 by its own hand).
      const reopened = await openDatabase({ kind: 'pglite', dataDir })
      await reopened.ping()
      const again = modesUnder(path.join(dataDir, 'db'))
      await reopened.close()
      expect(again, JSON.stringify(again)).toSatisfy(onlyPrivate)
    },
  )

  describe('what the running shop writes: images, mail, backups', () => {
    let ctx: TestContext
    const lines: string[] = []
    let dataDir = ''

    beforeAll(async () => {
      // A data folder an owner left open, with an images folder open too: the shop says so.
      dataDir = freshFolder(0o755)
      fs.mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o755 })
      fs.chmodSync(path.join(dataDir, 'uploads'), 0o755)
      ctx = await buildTestApp(
        {},
        { DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups', 'daily') },
        { logStream: { write: (line) => void lines.push(line) } },
      )
    })
    afterAll(() => ctx.close())

    it('warns at start of every folder a group or others may enter', () => {
      const warnings = lines
        .map((line) => JSON.parse(line) as { level: number; folder?: string; mode?: string; msg: string })
        .filter((entry) => entry.level === 40 && entry.folder)
      expect(warnings.map((entry) => [entry.folder, entry.mode])).toEqual([
        [dataDir, '755'],
        [path.join(dataDir, 'uploads'), '755'],
      ])
      expect(warnings[0]!.msg).toContain(`chmod -R go= "${dataDir}"`)
    })

    it('writes images, mail files and backups for its own user only', async () => {
      const tokens = await tokenFactory(ctx.config, ctx.database.db)
      const image = multipart([
        { field: 'file', name: 'a.png', type: 'image/png', data: await picture().png().toBuffer() },
      ])
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/images?folder=products',
        payload: image.payload,
        headers: { ...image.headers, authorization: `Bearer ${await tokens.admin()}` },
      })
      expect(uploaded.statusCode, uploaded.body).toBe(200)
      expect((await post(ctx, 'contact', contact)).statusCode).toBe(201)
      expect((await ctx.app.jobs.deliverMail()).sent).toBeGreaterThanOrEqual(1)
      expect((await ctx.app.jobs.backup()).written).not.toBeNull()

      const uploads = modesUnder(path.join(dataDir, 'uploads', 'products'))
      expect(uploads.f600, JSON.stringify(uploads)).toBe(3)
      expect(uploads).toSatisfy(onlyPrivate)
      const mail = modesUnder(path.join(dataDir, 'mail'))
      expect(mail.f600, JSON.stringify(mail)).toBeGreaterThanOrEqual(1)
      expect(mail).toSatisfy(onlyPrivate)
      const backups = modesUnder(path.join(dataDir, 'backups'))
      expect(backups, JSON.stringify(backups)).toEqual({ d700: 2, f600: 1 })
    })
  })
})
