import fs from 'node:fs'
import path from 'node:path'
import { buildApp, type App } from './app.js'
import { ConfigError, loadConfig, type AppConfig } from './config/env.js'
import { openMigratedDatabase } from './db/bootstrap.js'
import { startControlSocket } from './db/backup/control-socket.js'
import { DatabaseUnavailableError, type DatabaseHandle } from './db/client.js'
import { seedIfEmpty, type SeedResult } from './db/seed/seed.js'
import { keepNewFilesPrivate } from './lib/private-files.js'
import { ensureFirstAdmin, ROTATE_KEYS_ROUTE, rotateKeys } from './modules/identity/index.js'
import {
  CATALOGUE_TABLES_ROUTE,
  everyCatalogueTable,
} from './modules/catalog/export/catalogue-export-files.js'
import { webDistFolder, webRendererEntryFile } from './package-paths.js'

/** A start-up failure we can explain in one line, without a stack. */
class StartupError extends Error {}

/** What must be closed when a signal arrives; filled in as the start proceeds. */
const running: {
  database: DatabaseHandle | null
  app: App | null
  control: { close(): Promise<void> } | null
  stopRequested: boolean
} = {
  database: null,
  app: null,
  control: null,
  stopRequested: false,
}

async function main(): Promise<void> {
  // The data folder's files are the shop's user's alone (decision 235): what a library
  // creates without a mode of its own is narrowed by the umask; PGlite's are fixed by client.ts.
  keepNewFilesPrivate()
  // Installed first: a signal during migrations or the first seed waits for that
  // step's transaction instead of killing the process half-way through it.
  closeOnSignals()
  const config = loadConfig(process.env, {
    webDistDir: fs.existsSync(webDistFolder) ? webDistFolder : null,
    webRendererEntry: fs.existsSync(webRendererEntryFile) ? webRendererEntryFile : null,
  })
  running.database = await openMigratedDatabase(config)
  if (running.stopRequested) return stopNow()
  const seeded = config.seedDemoData ? await seedIfEmpty(running.database.db, config) : null
  if (running.stopRequested) return stopNow()
  await ensureFirstAdmin(config, running.database.db)
  running.app = await buildApp({ config, database: running.database })
  // A signal during buildApp found no app to close: it is answered here, before listening.
  if (running.stopRequested) {
    await running.app.close().catch(() => {})
    return stopNow()
  }
  try {
    await running.app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await running.app.close().catch(() => {})
    throw listenError(error, config)
  }
  // The embedded database is this process's alone: `npm run backup` asks it through the data folder.
  if (!config.databaseUrl) {
    const database = running.database
    running.control = await startControlSocket(
      config.dataDir,
      database,
      config.s3 ? null : path.join(config.dataDir, 'uploads'),
      // `npm run admin -- rotate-keys` while the shop runs (decision 233).
      {
        [ROTATE_KEYS_ROUTE]: () => rotateKeys(database.db),
        // `npm run catalogue:export` while the shop runs (issue 37).
        [CATALOGUE_TABLES_ROUTE]: () => everyCatalogueTable(database.db),
      },
    )
  }
  printWelcome(config, seeded)
}

function closeOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (running.stopRequested) return
      running.stopRequested = true
      const app = running.app
      if (!app) return // main() stops at its next step
      app.log.info({ signal }, 'shutting down: finishing in-flight requests')
      // A stuck request must not keep the process alive for ever.
      const force = setTimeout(() => process.exit(1), 10_000)
      force.unref()
      Promise.all([app.close(), running.control?.close()]).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down')
          process.exit(1)
        },
      )
    })
  }
}

async function stopNow(): Promise<void> {
  await running.database?.close().catch(() => {})
  process.exit(0)
}

function listenError(error: unknown, config: AppConfig): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${config.port} on ${config.host} is already in use: stop the other process or set PORT to a free port.`,
    )
  }
  if (code === 'EACCES') {
    return new StartupError(`No permission to listen on port ${config.port}: choose a port above 1024.`)
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`Cannot listen on HOST=${config.host}: no such address on this machine.`)
  }
  return error
}

function printWelcome(config: AppConfig, seeded: SeedResult | null): void {
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}/db`
  const seedLine = seeded
    ? `  Demo catalogue loaded: ${seeded.products} products, ${seeded.recipes} recipes, ${seeded.packages} packages (${(seeded.milliseconds / 1000).toFixed(1)} s)\n`
    : ''
  process.stdout.write(`\n  תבלין is running on ${config.publicUrl}  (database: ${database})\n${seedLine}\n`)
}

/** One clear line for what stops the start; a stack only for the unexpected. */
function explain(error: unknown): string {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof StartupError
  ) {
    return error.message
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

main().catch(async (error: unknown) => {
  process.stderr.write(`Tavlin could not start: ${explain(error)}\n`)
  await running.database?.close().catch(() => {})
  process.exit(1)
})
