// The audit module's entry: what other modules may use (decision 186).
export { actorOf } from './actor.js'
export type { Actor, AuditEvent, AuditService } from './audit.service.js'
