// The audit module's entry: what other modules may use (decision 186).
export { actorOf } from './actor.js'
export type { Actor, AuditEvent, AuditService } from './audit.service.js'
// For scripts that act as the owner without a request (`npm run catalogue:import`).
export { createAuditRepository } from './audit.repository.js'
export { createAuditService } from './audit.service.js'
