import fs from 'node:fs/promises'
import path from 'node:path'
import { IMAGE_WIDTHS } from '@tavlin/contracts'
import { makePrivateFolder, writePrivateFile } from '../../lib/private-files.js'
import { loadSharp } from '../../lib/sharp.js'

export type ImageFolder = 'products' | 'recipes' | 'packages' | 'site'

export type ImageJob = {
  folder: ImageFolder
  /** File base name: `<base>-<width>.webp`. */
  base: string
  svg: string
}

const LARGEST = Math.max(...IMAGE_WIDTHS)

/** The address stored on the entity: the middle width; the web derives the srcset from it. */
export function imageUrl(folder: ImageFolder, base: string): string {
  return `/uploads/${folder}/${base}-640.webp`
}

export function imageFiles(uploadsDir: string, job: Pick<ImageJob, 'folder' | 'base'>): string[] {
  return IMAGE_WIDTHS.map((width) => path.join(uploadsDir, job.folder, `${job.base}-${width}.webp`))
}

/**
 * Rasterises each SVG once at the largest width and scales it down for the others:
 * SVG rendering is the slow part, resizing a bitmap is cheap.
 */
export async function renderImages(uploadsDir: string, jobs: ImageJob[], concurrency = 4): Promise<void> {
  const folders = new Set(jobs.map((job) => job.folder))
  await Promise.all([...folders].map((folder) => makePrivateFolder(path.join(uploadsDir, folder))))
  let next = 0
  async function worker(): Promise<void> {
    while (next < jobs.length) {
      const job = jobs[next++]!
      await renderOne(uploadsDir, job)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker))
}

async function renderOne(uploadsDir: string, job: ImageJob): Promise<void> {
  const files = imageFiles(uploadsDir, job)
  // Drawings are deterministic, so files left from an earlier seed are already right
  // (a reset deletes them first).
  const existing = await Promise.all(
    files.map((file) =>
      fs.access(file).then(
        () => true,
        () => false,
      ),
    ),
  )
  if (existing.every(Boolean)) return
  const sharp = await loadSharp()
  const { data: pixels, info } = await sharp(Buffer.from(job.svg))
    .resize({ width: LARGEST })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  await Promise.all(
    IMAGE_WIDTHS.map(async (width, i) => {
      const data = await sharp(pixels, { raw }).resize({ width }).webp({ quality: 80, effort: 0 }).toBuffer()
      // Write then rename, so a reader never sees half a file.
      const target = files[i]!
      await writePrivateFile(target, data, `${target}.${process.pid}.tmp`)
    }),
  )
}
