import { ConfigError, loadConfig } from '../../config/env.js'
import { openMigratedDatabase } from '../bootstrap.js'
import { DatabaseUnavailableError } from '../client.js'
import { reseed, seedIfEmpty } from './seed.js'
import { keepNewFilesPrivate } from '../../lib/private-files.js'

/**
 * `npm run seed` loads the demo catalogue into an empty database;
 * `npm run seed -- --reset` replaces the catalogue (and its generated images) with it.
 */
async function main(): Promise<void> {
  keepNewFilesPrivate()
  const reset = process.argv.slice(2).includes('--reset')
  const config = loadConfig(process.env)
  const database = await openMigratedDatabase(config)
  try {
    const result = reset ? await reseed(database.db, config) : await seedIfEmpty(database.db, config)
    if (!result) {
      process.stdout.write(
        'The catalogue is not empty; nothing loaded. Use --reset to replace it with the demo catalogue.\n',
      )
      return
    }
    process.stdout.write(
      `Loaded ${result.products} products, ${result.recipes} recipes, ${result.packages} packages and ` +
        `${result.images} images (x3 widths) in ${(result.milliseconds / 1000).toFixed(1)} s.\n`,
    )
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError
  process.stderr.write(
    `Seed failed: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
