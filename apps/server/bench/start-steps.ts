/*
 * What start-timing.ts's step-by-step process imports: the modules server.ts imports, as one
 * entry of the bundle (scripts/bundle.mjs), so that process loads what `npm start` loads.
 */
export { buildApp } from '../src/app.js'
export { loadConfig } from '../src/config/env.js'
export { openMigratedDatabase } from '../src/db/bootstrap.js'
export { startControlSocket } from '../src/db/backup/control-socket.js'
export { DatabaseUnavailableError } from '../src/db/client.js'
export { seedIfEmpty } from '../src/db/seed/seed.js'
export { ensureFirstAdmin } from '../src/modules/identity/index.js'
export { webDistFolder, webRendererEntryFile } from '../src/package-paths.js'
