import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

/** The real server process for tests that kill, restart or load it (crash, backup). */
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** A spawned server: its output so far and how it ended. */
export type SpawnedServer = {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export type ServerProcess = SpawnedServer & { port: number }

/**
 * Spawns `src/server.ts` with a clean environment (only what a person starting the shop
 * would set) plus `env`, as it is: a test of a wrong setting gets the start it asked for.
 */
export function spawnServerProcess(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@tavlin/source', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

/** Resolves once the server says it is running; a server that exits or takes too long fails. */
export async function waitUntilListening(server: SpawnedServer, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!server.stdout().includes('is running on')) {
    if (server.child.exitCode !== null) throw new Error(`server exited early: ${server.stderr()}`)
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL')
      throw new Error(`server did not start in time: ${server.stderr()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Starts the server on `env.PORT` or a free port, and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()))
  const server = spawnServerProcess({ ...env, PORT: String(port) })
  await waitUntilListening(server, timeoutMs)
  return { ...server, port }
}

export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
