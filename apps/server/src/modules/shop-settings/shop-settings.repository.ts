import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { Executor } from '../../db/unit-of-work.js'
import { legalPages, shopSettings } from '../../db/schema/index.js'

export type SettingRow = typeof shopSettings.$inferSelect
export type LegalPageRow = typeof legalPages.$inferSelect

export function createShopSettingsRepository(db: Database) {
  return {
    /** `executor`: a transaction to read in (the order e-mail is written inside the order's). */
    async findSetting(key: string, executor: Executor = db): Promise<SettingRow | undefined> {
      const [row] = await executor.select().from(shopSettings).where(eq(shopSettings.key, key))
      return row
    },

    async saveSetting(key: string, value: unknown): Promise<SettingRow> {
      const [row] = await db
        .insert(shopSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } })
        .returning()
      return row!
    },

    async findPage(page: string): Promise<LegalPageRow | undefined> {
      const [row] = await db.select().from(legalPages).where(eq(legalPages.page, page))
      return row
    },

    async savePage(page: string, markdown: string): Promise<LegalPageRow> {
      const [row] = await db
        .insert(legalPages)
        .values({ page, markdown })
        .onConflictDoUpdate({ target: legalPages.page, set: { markdown, updatedAt: sql`now()` } })
        .returning()
      return row!
    },

    async removePage(page: string): Promise<void> {
      await db.delete(legalPages).where(eq(legalPages.page, page))
    },
  }
}
export type ShopSettingsRepository = ReturnType<typeof createShopSettingsRepository>
