import fs from 'node:fs'
import path from 'node:path'
import type { Encoding } from './page-cache.js'

/** The build's files under /assets that are answered from memory, by how their name ends. */
const TYPES: Record<string, { type: string; compressed: boolean }> = {
  '.js': { type: 'text/javascript; charset=utf-8', compressed: false },
  '.css': { type: 'text/css; charset=utf-8', compressed: false },
  '.woff2': { type: 'font/woff2', compressed: true },
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * Bodies smaller than this are sent uncompressed (the compress plugin's threshold); the build
 * writes no compressed copy of a file under it either (apps/web/build/precompressed-assets.ts).
 */
export const COMPRESSION_THRESHOLD = 1024

/** What to send for one asset: the bytes, their encoding (none for the file as it is) and type. */
export type AssetAnswer = { body: Buffer; encoding?: Encoding; type: string }

/**
 * The build's hashed files (`dist/assets`), kept in memory once asked for (decision 296). Their
 * names carry their content's hash, so a file never changes under its name: read once, each
 * answer after costs no stat, no stream and no file handle. The folder is listed once, so an
 * address the build did not write is never looked up on disk, and what is kept can never
 * outgrow the folder itself (about 3 MB with its compressed copies).
 */
export class BuiltAssets {
  private names: Promise<Set<string>> | undefined
  private readonly kept = new Map<string, Promise<Buffer>>()

  constructor(private readonly folder: string) {}

  /**
   * The answer for `name` in `encoding` (undefined: the visitor takes no compression), or
   * undefined when this is not one to answer here: not a file of the build, not a type above,
   * or a text file large enough to compress whose copy in that encoding the build did not
   * write (the server compresses those itself, as before).
   */
  async find(name: string, encoding: Encoding | undefined): Promise<AssetAnswer | undefined> {
    const kind = TYPES[path.extname(name)]
    const names = await this.listed()
    if (!kind || !names.has(name)) return undefined
    const copy = encoding && !kind.compressed ? `${name}${SUFFIX[encoding]}` : undefined
    if (copy && names.has(copy)) return { body: await this.read(copy), encoding, type: kind.type }
    const body = await this.read(name)
    if (copy && body.length >= COMPRESSION_THRESHOLD) return undefined
    return { body, type: kind.type }
  }

  private listed(): Promise<Set<string>> {
    this.names ??= fs.promises.readdir(this.folder).then(
      (entries) => new Set(entries),
      () => new Set<string>(),
    )
    return this.names
  }

  private read(name: string): Promise<Buffer> {
    let body = this.kept.get(name)
    if (!body) {
      body = fs.promises.readFile(path.join(this.folder, name))
      // A failed read is not kept: the next visit tries again.
      body.catch(() => this.kept.delete(name))
      this.kept.set(name, body)
    }
    return body
  }
}
