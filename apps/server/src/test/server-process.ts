import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

/** The real server process for tests that kill, restart or load it (crash, backup). */
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

export type ServerProcess = {
  child: ChildProcess
  port: number
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts `src/server.ts` with a clean environment plus `env`, and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()))
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@tavlin/source', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      ...env,
      PORT: String(port),
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
  const deadline = Date.now() + timeoutMs
  while (!stdout.includes('is running on')) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start in time: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { child, port, stdout: () => stdout, stderr: () => stderr, exited }
}

export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
