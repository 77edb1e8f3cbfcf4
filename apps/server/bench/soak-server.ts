/**
 * The soak's shop (soak.ts): its database made, migrated and seeded with the demo catalogue in
 * the soak's own process — the seed's pictures are drawn with sharp, memory that is not the
 * server's — then the server as `npm start` runs it: dist/server.js with the start script's
 * flags (`npm run build` first).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../src/config/env.js'
import { openMigratedDatabase } from '../src/db/bootstrap.js'
import { seedIfEmpty } from '../src/db/seed/seed.js'
import { waitUntilListening, type SpawnedServer } from '../src/test/server-process.js'
import { tokenFactory, type TokenFactory } from '../src/test/tokens.js'
import { serverDir, startEnv, startFlags } from './catalog-bench-tools.js'

/** Seeds the shop `env` describes and returns the means to sign its administrators' tokens. */
export async function prepareShop(env: Record<string, string>): Promise<TokenFactory> {
  const config = loadConfig(env)
  const database = await openMigratedDatabase(config)
  try {
    await seedIfEmpty(database.db, config)
    return await tokenFactory(config, database.db)
  } finally {
    await database.close()
  }
}

/** `npm start`'s server on the prepared shop; resolves once it says it is running. */
export async function startBuiltServer(env: Record<string, string>): Promise<SpawnedServer> {
  const entry = path.join(serverDir, 'dist', 'server.js')
  if (!fs.existsSync(entry)) throw new Error('The server is not built: run `npm run build` first.')
  const child = spawn(process.execPath, [...startFlags(), entry], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...startEnv(), ...env, SEED_DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    process.stderr.write(chunk)
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const server = { child, stdout: () => stdout, stderr: () => stderr, exited }
  await waitUntilListening(server, 300_000)
  return server
}
