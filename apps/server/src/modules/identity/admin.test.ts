import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/env.js'
import { openTestDatabase } from '../../test/build-test-app.js'
import type { DatabaseHandle } from '../../db/client.js'
import { runAdminCommand } from './admin-cli.js'
import { createAccounts, ensureFirstAdmin } from './index.js'

describe('first administrator and the admin command', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
  })
  afterAll(async () => {
    await database.close()
    await drop()
  })

  it('creates one admin on first start, prints its password once in a box, and never again', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example' })
    const printed: string[] = []
    await ensureFirstAdmin(config, database.db, (text) => printed.push(text))
    await ensureFirstAdmin(config, database.db, (text) => printed.push(text))
    expect(printed).toHaveLength(2)
    const output = printed[0] ?? ''
    // The second start shows no password, only how to get in.
    expect(printed[1]).not.toMatch(/password: /)
    expect(printed[1]).toContain('npm run admin -- reset-password')
    expect(output).toContain('┌')
    expect(output).toContain('https://shop.example/')
    const password = /password: (\S+)/.exec(output)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(20)
    const account = await createAccounts(database.db).verifyCredentials('admin@shop.example', password)
    expect(account?.roles).toEqual(['Admin'])
  })

  it('manages accounts from the command line', async () => {
    const accounts = createAccounts(database.db)
    const out: string[] = []
    expect(
      await runAdminCommand(['create', 'Chef@Tavlin.test', '--role', 'Admin'], accounts, (l) => out.push(l)),
    ).toBe(0)
    const created = /shown once\): (\S+)/.exec(out.join('\n'))?.[1] ?? ''
    expect(await accounts.verifyCredentials('chef@tavlin.test', created)).toMatchObject({ roles: ['Admin'] })

    expect(await runAdminCommand(['create', 'chef@tavlin.test'], accounts, (l) => out.push(l))).toBe(1)
    expect(out.at(-1)).toMatch(/already exists/)

    expect(await runAdminCommand(['reset-password', 'chef@tavlin.test'], accounts, (l) => out.push(l))).toBe(
      0,
    )
    const reset = /shown once\): (\S+)/.exec(out.at(-1) ?? '')?.[1] ?? ''
    expect(await accounts.verifyCredentials('chef@tavlin.test', created)).toBeUndefined()
    expect(await accounts.verifyCredentials('chef@tavlin.test', reset)).toBeDefined()

    out.length = 0
    expect(await runAdminCommand(['list'], accounts, (l) => out.push(l))).toBe(0)
    expect(out.some((l) => l.startsWith('chef@tavlin.test\tAdmin'))).toBe(true)

    expect(await runAdminCommand(['remove', 'chef@tavlin.test'], accounts, (l) => out.push(l))).toBe(0)
    expect(await accounts.verifyCredentials('chef@tavlin.test', reset)).toBeUndefined()
    expect(await runAdminCommand(['remove', 'chef@tavlin.test'], accounts, (l) => out.push(l))).toBe(1)
    expect(await runAdminCommand([], accounts, (l) => out.push(l))).toBe(2)
  })

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when set, and prints no password', async () => {
    const other = await openTestDatabase()
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        ADMIN_EMAIL: 'Owner@Tavlin.test',
        ADMIN_PASSWORD: 'chosen by the owner',
      })
      const printed: string[] = []
      await ensureFirstAdmin(config, other.database.db, (text) => printed.push(text))
      expect(printed.join('')).not.toContain('chosen by the owner')
      expect(
        await createAccounts(other.database.db).verifyCredentials('owner@tavlin.test', 'chosen by the owner'),
      ).toBeDefined()
    } finally {
      await other.database.close()
      await other.drop()
    }
  })

  it('rejects an external issuer without a client id at start-up', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://tavlin.eu.auth0.com/' })).toThrow(/OIDC_CLIENT_ID/)
  })
})
