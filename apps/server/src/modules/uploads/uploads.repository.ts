import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { runExclusive } from '../../db/job-runs.js'
import { uploads } from '../../db/schema/index.js'

export type UploadRow = typeof uploads.$inferSelect

export function createUploadsRepository(db: Database) {
  return {
    /** Runs `work` in one process at a time (the job_runs lease). */
    runExclusive<T extends Record<string, unknown>>(
      job: string,
      lease: Parameters<typeof runExclusive>[2],
      work: () => Promise<T>,
    ) {
      return runExclusive(db, job, lease, work)
    },

    async insert(row: Omit<UploadRow, 'createdAt'>): Promise<void> {
      await db.insert(uploads).values(row)
    },

    async findByUrls(urls: readonly string[]): Promise<UploadRow[]> {
      if (urls.length === 0) return []
      return db
        .select()
        .from(uploads)
        .where(inArray(uploads.url, [...urls]))
    },

    /**
     * A page of the uploads made before `before`, in id order after `afterId` (ids are
     * random, so the order means nothing; it only makes the pages stable).
     */
    async findOlderThan(before: Date, afterId: string | null, limit: number): Promise<UploadRow[]> {
      const older = lt(uploads.createdAt, before)
      return db
        .select()
        .from(uploads)
        .where(afterId ? and(older, gt(uploads.id, afterId)) : older)
        .orderBy(asc(uploads.id))
        .limit(limit)
    },

    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id))
    },
  }
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>
