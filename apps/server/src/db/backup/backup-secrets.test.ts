import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config/env.js'
import { createAccounts } from '../../modules/identity/index.js'
import { loadOrCreateIdentityKeys, type IdentityKeys } from '../../modules/identity/key-store.repository.js'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { injectTransport, signInWithCodeFlow, TestBrowser, type TokenSet } from '../../test/code-flow.js'
import { emptyRestoreTarget as emptyTarget } from '../../test/restore-target.js'
import { openDatabase } from '../client.js'
import { identitySecrets, oidcPayloads } from '../schema/index.js'
import { backupFileName, readBackup, writeBackup, type BackupManifest } from './archive.js'
import { restoreBackup } from './restore.js'

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777

/** The archive's entries with the modes `tar -xzf` would give them. */
async function entryModes(file: string): Promise<Record<string, number>> {
  const extract = (await import('tar-stream')).default.extract()
  const modes: Record<string, number> = {}
  extract.on('entry', (header, stream, next) => {
    modes[header.name] = (header.mode ?? 0) & 0o777
    stream.on('end', next)
    stream.resume()
  })
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract)
  return modes
}

/** An archive as a version before decision 233 wrote it: the same, with secrets in its script. */
async function archiveWithSecrets(from: string, to: string): Promise<void> {
  const { manifest, script } = await readBackup(from, null)
  const secrets = [
    `INSERT INTO "identity_secrets" ("id", "kind", "value") VALUES ('signing-key:old', 'signing-key', '{"kid":"old"}');`,
    `INSERT INTO "oidc_payloads" ("model", "id", "payload") VALUES ('RefreshToken', 'old-refresh', '{}');`,
  ].join('\n')
  const tar = (await import('tar-stream')).default
  const pack = tar.pack()
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(to))
  pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest))
  pack.entry({ name: 'database.sql' }, script.replace(/\nCOMMIT;\n/, `\n${secrets}\nCOMMIT;\n`))
  pack.finalize()
  await written
}

/*
 * Issue 33 point 2: an archive was written 0644 and held the identity provider's signing and
 * cookie keys and its sessions: a token signed with the key from a backup opened the admin API.
 */
describe('what a backup leaves out, and who may read it', () => {
  let ctx: TestContext
  const cleanups: Array<() => Promise<void>> = []
  const owner = { email: 'keeper@tavlin.test', password: 'keeper of the shop' }
  let flow: { issuer: string; clientId: string; redirectUri: string; resource: string }
  let signedIn: TokenSet
  let keys: IdentityKeys
  let parent = ''
  let file = ''
  let manifest: BackupManifest

  // A signed-in owner (a session, a grant, a refresh token), then a backup into a folder the
  // backup makes itself, two levels deep.
  beforeAll(async () => {
    ctx = await buildTestApp()
    await createAccounts(ctx.database.db).create({ ...owner, roles: ['Admin'] })
    flow = {
      issuer: `${ctx.config.publicUrl}/oidc`,
      clientId: 'tavlin-web',
      redirectUri: `${ctx.config.publicUrl}/`,
      resource: 'urn:tavlin:api',
    }
    signedIn = await signInWithCodeFlow(new TestBrowser(injectTransport(ctx.app)), flow, owner)
    keys = await loadOrCreateIdentityKeys(ctx.database.db)
    expect(await ctx.database.db.select().from(oidcPayloads)).not.toEqual([])
    parent = tempDir('tavlin-modes-')
    cleanups.push(async () => fs.rmSync(parent, { recursive: true, force: true }))
    file = path.join(parent, 'offsite', 'tavlin', backupFileName())
    manifest = await writeBackup(ctx.database, path.join(ctx.config.dataDir, 'uploads'), file)
  })
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
    await ctx.close()
  })

  it('is readable by the shop’s user alone: 0600 in folders of 0700', async () => {
    const folder = path.dirname(file)
    expect(modeOf(file).toString(8)).toBe('600')
    expect(modeOf(folder).toString(8)).toBe('700')
    expect(modeOf(path.dirname(folder)).toString(8)).toBe('700')
    expect(Object.values(await entryModes(file)).every((mode) => mode === 0o600)).toBe(true)
  })

  it('holds no row of the sign-in secrets: keys, sessions, grants, refresh tokens', async () => {
    const { script } = await readBackup(file, null)
    expect([...manifest.leftOut!].sort()).toEqual(['identity_secrets', 'oidc_payloads'])
    expect(manifest.tables).not.toHaveProperty('identity_secrets')
    expect(script).not.toMatch(/INSERT INTO "(identity_secrets|oidc_payloads)"/)
    for (const key of keys.signingKeys) expect(script).not.toContain(String(key.d))
    for (const secret of keys.cookieKeys) expect(script).not.toContain(secret)
    expect(script).not.toContain(signedIn.refresh_token!)
    // The accounts stay, with their password hashes: the owner signs in with the same password.
    expect(script).toMatch(/INSERT INTO "accounts"/)
  })

  it('restores into a shop that makes new keys: the old token opens nothing, signing in again does', async () => {
    const restore = await emptyTarget()
    cleanups.push(restore.drop)
    await restoreBackup(file, restore.config, { force: false })
    const handle = await openDatabase(restore.target)
    const restored = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: restore.config.dataDir,
        PUBLIC_URL: ctx.config.publicUrl,
        RECONCILE_INTERVAL_SECONDS: '0',
      }),
      database: handle,
    })
    try {
      expect(await handle.db.select().from(oidcPayloads)).toEqual([])
      const me = (token: string) =>
        restored.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } })
      expect((await me(signedIn.access_token)).statusCode).toBe(401)
      const newKeys = await handle.db.select().from(identitySecrets)
      expect(newKeys.map((row) => row.value.kid).filter(Boolean)).not.toContain(keys.signingKeys[0]!.kid)
      const again = await signInWithCodeFlow(new TestBrowser(injectTransport(restored)), flow, owner)
      expect((await me(again.access_token)).statusCode).toBe(200)
    } finally {
      await restored.close()
    }
  })

  it('restores an archive of an older version, secrets and all, without them', async () => {
    const old = path.join(parent, 'before-233.tar.gz')
    await archiveWithSecrets(file, old)
    const restore = await emptyTarget()
    cleanups.push(restore.drop)
    await restoreBackup(old, restore.config, { force: false })
    const reopened = await openDatabase(restore.target)
    try {
      expect(await reopened.db.select().from(identitySecrets)).toEqual([])
      expect(await reopened.db.select().from(oidcPayloads)).toEqual([])
    } finally {
      await reopened.close()
    }
  })
})
