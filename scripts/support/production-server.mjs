// The built server on a free port with a fresh data folder, as `npm start` runs it on a
// fresh clone (new database, demo catalogue seeded at start). Used by the measuring scripts.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Debian's Chromium (or CHROMIUM_PATH: macOS, Ubuntu's snap) and the flags this machine needs (no network beyond loopback). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Starts the server and resolves once it answers /api/health; `stop()` ends it and removes its
 * data. `env` adds settings (the screenshots' administrator).
 */
export async function startProductionServer({ name, env = {} }) {
  const serverEntry = path.resolve('apps/server/dist/server.js')
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.resolve('apps/web/dist/index.html'))) {
    throw new Error('No production build: run `npm run build` first.')
  }
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tavlin-${name}-`))
  const server = spawn('node', [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  async function stop() {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(server, `${base}/api/health`)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(server, url) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the server did not become healthy at ${url}`)
}
