import { totalPages, type ActivityEntry, type ActivityQuery, type Paged } from '@tavlin/contracts'
import type { Logger } from '../../lib/logger.js'
import type { AuditRepository } from './audit.repository.js'

/** Who made an admin change: the verified access token's subject and e-mail. */
export type Actor = { subject: string; email: string | null }

export type AuditEvent = {
  action: ActivityEntry['action']
  entityType: ActivityEntry['entityType']
  entityId: string
  summary: string
}

const SUMMARY_MAX = 300

export function createAuditService(deps: { repository: AuditRepository; log: Logger }) {
  const { repository, log } = deps
  return {
    /**
     * Records a change that has already been committed. A failure here is logged, not
     * thrown: the change happened, and the admin must not be told it failed.
     * No actor (a service called from a script or a test) records nothing.
     */
    async record(actor: Actor | undefined, event: AuditEvent): Promise<void> {
      if (!actor) return
      try {
        await repository.insert({
          actorSubject: actor.subject,
          actorEmail: actor.email,
          action: event.action,
          entityType: event.entityType,
          entityId: event.entityId,
          summary: event.summary.slice(0, SUMMARY_MAX),
        })
      } catch (error) {
        log.error({ err: error, ...event, actor: actor.subject }, 'audit: could not record an admin change')
      }
    },

    async list(query: ActivityQuery): Promise<Paged<ActivityEntry>> {
      const { rows, total } = await repository.findPage({
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        entityType: query.entityType,
        entityId: query.entityId,
      })
      return {
        items: rows.map((row) => ({
          _id: row.id,
          at: row.at.toISOString(),
          actorSubject: row.actorSubject,
          actorEmail: row.actorEmail,
          action: row.action as ActivityEntry['action'],
          entityType: row.entityType as ActivityEntry['entityType'],
          entityId: row.entityId,
          summary: row.summary,
        })),
        currentPage: query.page,
        totalPages: totalPages(total, query.limit),
        totalItems: total,
      }
    },
  }
}
export type AuditService = ReturnType<typeof createAuditService>
