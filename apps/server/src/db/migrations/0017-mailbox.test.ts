import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailboxOf } from '../../lib/mailbox.js'
import { migrationsFolder } from '../../package-paths.js'
import { openTestDatabase } from '../../test/build-test-app.js'
import type { DatabaseHandle } from '../client.js'
import { coupons } from '../schema/index.js'

// Migration 0017 folds the welcome coupons issued before it into mailboxes in SQL; this runs
// its own statement over coupons as aliases left them, and holds it to lib/mailbox.ts.
describe('migration 0017: the mailbox of each welcome coupon issued before it', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
  })
  afterAll(async () => {
    await database.close()
    await drop()
  })

  it('gives the first coupon of each mailbox its mailbox, as lib/mailbox.ts folds it, and leaves the extra ones', async () => {
    const issued = [
      'Name.Surname@gmail.com',
      'name.surname+1@gmail.com',
      'namesurname+2@googlemail.com',
      'noa+shop@walla.co.il',
      'noa.cohen@example.com',
      '+only@example.com',
    ]
    for (const [index, issuedTo] of issued.entries()) {
      await database.db.insert(coupons).values({
        code: `OLD-${index}`,
        kind: 'percent',
        value: 10,
        issuedTo: issuedTo.toLowerCase(),
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      })
    }
    const migration = fs.readFileSync(path.join(migrationsFolder, '0017_email_confirmations.sql'), 'utf8')
    const update = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*(--[^\n]*\n\s*)*/, '').trim())
      .find((statement) => statement.startsWith('UPDATE "coupons"'))
    expect(update).toBeDefined()
    await database.db.execute(sql.raw(update!))

    const rows = await database.db.select().from(coupons)
    const mailbox = (code: string) => rows.find((row) => row.code === code)!.issuedToMailbox
    expect(mailbox('OLD-0')).toBe(mailboxOf(issued[0]!))
    expect(mailbox('OLD-0')).toBe('namesurname@gmail.com')
    // Two more of the same mailbox, from before: kept as they were, without the mailbox.
    expect(mailbox('OLD-1')).toBeNull()
    expect(mailbox('OLD-2')).toBeNull()
    for (const code of ['OLD-3', 'OLD-4', 'OLD-5']) {
      const row = rows.find((candidate) => candidate.code === code)!
      expect(row.issuedToMailbox, code).toBe(mailboxOf(row.issuedTo!))
    }
  })
})
