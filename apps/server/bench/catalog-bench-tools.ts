/** What the catalogue benchmark (catalog.bench.ts) runs with: autocannon, its ceiling and server processes. */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Fastify from 'fastify'

const run = promisify(execFile)
export const CONNECTIONS = 50
export const DURATION = Number(process.env.BENCH_DURATION ?? 10)
export const UNCACHED_RENDERS = Number(process.env.BENCH_UNCACHED ?? 100)
export const LOAD_SECONDS = 4
export const WARM_UP = 2
const autocannonBin = fileURLToPath(new URL('../../../node_modules/.bin/autocannon', import.meta.url))

export type Result = { name: string; requests: number; p99: number; non2xx: number; errors: number }

export async function measure(
  name: string,
  url: string,
  seconds = DURATION,
  html = false,
  compressed = false,
): Promise<Result> {
  const args = ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', url]
  // As a browser asks for a page; no Accept-Encoding, like the ceiling's requests, unless
  // `compressed`: then as a browser's Accept-Encoding, for the kept brotli form.
  if (html) args.push('-H', 'accept=text/html')
  if (compressed) args.push('-H', 'accept-encoding=br, gzip')
  const { stdout } = await run(autocannonBin, args, { maxBuffer: 64 * 1024 * 1024 })
  const report = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: { average: number }
    latency: { p99: number }
    non2xx: number
    errors: number
  }
  return {
    name,
    requests: report.requests.average,
    p99: report.latency.p99,
    non2xx: report.non2xx,
    errors: report.errors,
  }
}

export function print(results: Result[], ceiling: number): void {
  for (const r of results) {
    const share = ((r.requests / ceiling) * 100).toFixed(0).padStart(4)
    const failures = r.non2xx + r.errors > 0 ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
    console.log(
      `  ${r.name.padEnd(48)} ${r.requests.toFixed(0).padStart(7)} req/s  p99 ${r.p99.toFixed(0).padStart(4)} ms  ${share} % of ceiling${failures}`,
    )
  }
}

export async function ceilingRun(): Promise<Result> {
  const bare = Fastify({ logger: false })
  const items = Array.from({ length: 9 }, (_, i) => ({
    _id: crypto.randomUUID(),
    name: `מוצר ${i}`,
    shortDescription: 'תיאור קצר של מוצר לדוגמה, בערך באורכו של תיאור אמיתי בחנות',
    image: `/uploads/products/${i}.webp`,
    pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 12.5 }],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
  }))
  const body = JSON.stringify({
    success: true,
    data: { items, currentPage: 1, totalPages: 5, totalItems: 40 },
  })
  const padded = JSON.stringify({
    success: true,
    data: { items, pad: 'x'.repeat(Math.max(0, 5 * 1024 - body.length - 10)) },
  })
  bare.get('/static', (_request, reply) => reply.type('application/json').send(padded))
  const address = await bare.listen({ host: '127.0.0.1', port: 0 })
  try {
    await measure('warm-up', `${address}/static`, WARM_UP)
    return await measure(
      `ceiling: bare Fastify, ${(padded.length / 1024).toFixed(1)} KB static JSON`,
      `${address}/static`,
    )
  } finally {
    await bare.close()
  }
}

export const serverDir = fileURLToPath(new URL('..', import.meta.url))
export const tsxArgs = ['--import', 'tsx', '--conditions=@tavlin/source']

/** The node options `npm start` runs the server with (its heap caps, docs/decisions/155). */
export function startFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'))
}

/** The environment the start script sets before `node` (MALLOC_ARENA_MAX, docs/decisions/287). */
export function startEnv(): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const words = manifest.scripts.start.split(/\s+/)
  const assignments = words.slice(0, words.indexOf('node')).map((word) => word.split('='))
  return Object.fromEntries(assignments.filter((pair): pair is [string, string] => pair.length === 2))
}

/** The bench server bundled and with `npm start`'s flags when built (npm run build), else its sources under tsx. */
export function benchServerArgs(): string[] {
  if (fs.existsSync(path.join(serverDir, 'dist', 'bench-server.js')))
    return [...startFlags(), 'dist/bench-server.js']
  console.log('  (server not built: the bench server runs under tsx, about 100 MB more; run npm run build)')
  return [...tsxArgs, 'bench/bench-server.ts']
}

/** Resolves at the process's first 200 on /api/health (polled every 5 ms); throws if it exits first. */
export async function untilHealthy(child: ChildProcess, port: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    const isHealthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (isHealthy) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A server process; resolves once it printed its first line (the bench server: its address). */
export function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; firstLine: Promise<string> } {
  // With the start script's environment too: the server runs as `npm start` runs it.
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...startEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const firstLine = new Promise<string>((resolve, reject) => {
    let buffered = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const newline = buffered.indexOf('\n')
      if (newline >= 0) resolve(buffered.slice(0, newline))
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
  return { child, firstLine }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}`)
  return (await response.json()) as T
}

/** The 99th percentile of `times` (0 for none). */
export function p99Of(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0
}
