import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildApp, type App } from './app.js'
import { ConfigError, loadConfig, type AppConfig } from './config/env.js'
import { openMigratedDatabase } from './db/bootstrap.js'
import { DatabaseUnavailableError } from './db/client.js'
import { seedIfEmpty } from './db/seed/seed.js'
import { ensureFirstAdmin } from './modules/identity/admin-bootstrap.js'

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

async function main(): Promise<void> {
  const config = loadConfig(process.env, {
    webDistDir: fs.existsSync(webDist) ? webDist : null,
  })
  const database = await openMigratedDatabase(config)
  if (config.seedDemoData) await seedIfEmpty(database.db, config)
  await ensureFirstAdmin(config, database.db)
  const app = await buildApp({ config, database })
  closeOnSignals(app)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  printWelcome(config)
}

function closeOnSignals(app: App): void {
  let closing = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down: finishing in-flight requests')
      // A stuck request must not keep the process alive for ever.
      const force = setTimeout(() => process.exit(1), 10_000)
      force.unref()
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down')
          process.exit(1)
        },
      )
    })
  }
}

function printWelcome(config: AppConfig): void {
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}/db`
  process.stdout.write(`\n  תבלין is running on ${config.publicUrl}  (database: ${database})\n\n`)
}

/** One clear line for what stops the start; a stack only for the unexpected. */
function explain(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) return error.message
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    return `Port ${process.env.PORT ?? 3000} is already in use: stop the other process or set PORT to a free port.`
  }
  if (code === 'EACCES') return `No permission to listen on port ${process.env.PORT ?? 3000}: choose a port above 1024.`
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

main().catch((error: unknown) => {
  process.stderr.write(`Tavlin could not start: ${explain(error)}\n`)
  process.exit(1)
})
