import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import * as hb from 'harfbuzzjs'
import subsetFont from 'subset-font'
import type { Plugin } from 'vite'

/**
 * The Hebrew font, cut at build time to the characters the shop shows (decision 093):
 * every character of the translation file, the Hebrew block, printable ASCII and the
 * punctuation below. Writes src/generated/fonts/ (git-ignored): one WOFF2 per fontsource
 * file that supplies any of those characters, and heebo.css with their @font-face rules
 * (unicode-range = exactly what each file holds) plus a metric-matched local fallback.
 * In the build, index.html preloads the files.
 */

const FAMILY = 'Heebo'
const FALLBACK_FAMILY = 'Heebo Fallback'
// Tailwind's font-normal … font-extrabold: the weight axis is cut to what the styles use.
const WEIGHTS = { min: 400, max: 800 }
// fontsource's files, in the order a character is looked for.
const SOURCES = ['hebrew', 'latin', 'latin-ext'] as const
const EXTRA_CHARACTERS = '\u00a0«»‘’“”„•…–—·×÷°©€₪־׳״'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const outDir = path.join(webRoot, 'src/generated/fonts')
const translationFile = path.join(webRoot, 'public/locales/he/translation.json')

// Running text is matched on these characters, weighted by how often each occurs in
// English (%): the usual basis for a fallback's width, as capsize and next/font use it.
const SAMPLE = ' abcdefghijklmnopqrstuvwxyz'
const FREQUENCY = [
  18, 6.7, 1.22, 2.28, 3.49, 10.42, 1.83, 1.65, 5.0, 5.71, 0.13, 0.63, 3.3, 1.97, 5.53, 6.16, 1.58, 0.08,
  4.91, 5.19, 7.43, 2.26, 0.8, 1.94, 0.12, 1.62, 0.06,
]
// Helvetica's published advance widths of SAMPLE (per 1000 em), which Arial matches glyph for glyph.
const ARIAL_WIDTHS = [
  278, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278,
  556, 500, 722, 500, 500, 500,
]

type Face = { source: string; file: string; codePoints: number[] }

export function heeboFont(): Plugin {
  return {
    name: 'tavlin:heebo-font',
    async buildStart() {
      await generateFonts((message) => this.warn(message))
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return []
        // The font files are needed by the first text the app renders: fetch them with the CSS.
        return Object.values(context.bundle)
          .filter(
            (output) =>
              output.type === 'asset' && /^assets\/heebo-[a-z-]+-[\w-]+\.woff2$/.test(output.fileName),
          )
          .map((output) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${output.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}

async function generateFonts(warn: (message: string) => void): Promise<void> {
  const text = characters()
  const fontsourceDir = path.dirname(
    createRequire(import.meta.url).resolve('@fontsource-variable/heebo/package.json'),
  )
  const sources = SOURCES.map((name) => ({
    name,
    data: fs.readFileSync(path.join(fontsourceDir, 'files', `heebo-${name}-wght-normal.woff2`)),
  }))
  const stamp = crypto
    .createHash('sha256')
    .update(JSON.stringify({ text, WEIGHTS, version: 2 }))
    .update(Buffer.concat(sources.map((source) => source.data)))
    .digest('hex')
  const stampFile = path.join(outDir, 'stamp')
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return

  // Whole sources as plain sfnt, to ask HarfBuzz which characters each one maps.
  const fonts = await Promise.all(
    sources.map(async (source) => ({ ...source, font: await hbFont(source.data, null) })),
  )
  const wanted = new Set([...text].map((character) => character.codePointAt(0)!))
  const remaining = new Set([...wanted, ...[...hebrewBlock()].map((character) => character.codePointAt(0)!)])
  const faces: Face[] = []
  for (const source of fonts) {
    const codePoints = [...remaining].filter((codePoint) => source.font.nominalGlyph(codePoint) !== undefined)
    if (codePoints.length === 0) continue
    codePoints.forEach((codePoint) => remaining.delete(codePoint))
    faces.push({
      source: source.name,
      file: `heebo-${source.name}.woff2`,
      codePoints: codePoints.sort((a, b) => a - b),
    })
  }
  // Whitespace and controls that no font draws are fine; anything else would show in the fallback.
  const missing = [...remaining].filter((codePoint) => wanted.has(codePoint) && codePoint > 0x20)
  if (missing.length > 0) {
    warn(`no Heebo glyph for ${missing.map((cp) => `U+${cp.toString(16)}`).join(' ')}`)
  }

  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(outDir, { recursive: true })
  for (const face of faces) {
    const source = sources.find((candidate) => candidate.name === face.source)!
    const woff2 = await subsetFont(source.data, String.fromCodePoint(...face.codePoints), {
      targetFormat: 'woff2',
      variationAxes: { wght: WEIGHTS },
    })
    fs.writeFileSync(path.join(outDir, face.file), woff2)
  }
  const latin = fonts.find((source) => source.name === 'latin')!
  fs.writeFileSync(path.join(outDir, 'heebo.css'), css(faces, await fallbackMetrics(latin.data)))
  fs.writeFileSync(stampFile, stamp)
}

/** Every character the interface shows: each must be in Heebo. */
function characters(): string {
  const translation = fs.readFileSync(translationFile, 'utf8')
  const set = new Set([...JSON.stringify(JSON.parse(translation))])
  for (let codePoint = 0x20; codePoint <= 0x7e; codePoint++) set.add(String.fromCodePoint(codePoint))
  for (const character of EXTRA_CHARACTERS) set.add(character)
  return [...set].sort().join('')
}

/** The Hebrew block (letters, points, punctuation): whatever of it Heebo has, for any text an administrator types. */
function hebrewBlock(): string {
  let text = ''
  for (let codePoint = 0x591; codePoint <= 0x5f4; codePoint++) text += String.fromCodePoint(codePoint)
  return text
}

async function hbFont(woff2: Uint8Array, weight: number | null): Promise<hb.Font> {
  const sfnt = await subsetFont(woff2, '', {
    targetFormat: 'sfnt',
    keepAllGlyphs: true,
    ...(weight === null ? {} : { variationAxes: { wght: weight } }),
  })
  return new hb.Font(new hb.Face(new hb.Blob(sfnt)))
}

type FallbackMetrics = { sizeAdjust: number; ascent: number; descent: number; lineGap: number }

/**
 * Arial scaled so its running text is as wide as Heebo's regular weight, with Heebo's
 * line metrics: while the web font loads, lines break where they will break in Heebo.
 */
async function fallbackMetrics(latinWoff2: Uint8Array): Promise<FallbackMetrics> {
  const font = await hbFont(latinWoff2, 400)
  const unitsPerEm = font.face.upem
  const average = (widths: number[]) =>
    widths.reduce((sum, width, index) => sum + width * FREQUENCY[index]!, 0) /
    FREQUENCY.reduce((sum, share) => sum + share, 0)
  const heeboWidth = average(
    [...SAMPLE].map(
      (character) => font.glyphHAdvance(font.nominalGlyph(character.codePointAt(0)!)!) / unitsPerEm,
    ),
  )
  const arialWidth = average(ARIAL_WIDTHS.map((width) => width / 1000))
  const sizeAdjust = heeboWidth / arialWidth
  const extents = font.hExtents()
  return {
    sizeAdjust,
    ascent: extents.ascender / unitsPerEm / sizeAdjust,
    descent: -extents.descender / unitsPerEm / sizeAdjust,
    lineGap: extents.lineGap / unitsPerEm / sizeAdjust,
  }
}

function css(faces: Face[], fallback: FallbackMetrics): string {
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`
  const rules = faces.map(
    (face) => `@font-face {
  font-family: '${FAMILY}';
  font-style: normal;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  font-display: swap;
  src: url('./${face.file}') format('woff2');
  unicode-range: ${unicodeRange(face.codePoints)};
}`,
  )
  rules.push(`@font-face {
  font-family: '${FALLBACK_FAMILY}';
  src: local('Arial'), local('ArialMT'), local('Arimo'), local('Liberation Sans');
  size-adjust: ${percent(fallback.sizeAdjust)};
  ascent-override: ${percent(fallback.ascent)};
  descent-override: ${percent(fallback.descent)};
  line-gap-override: ${percent(fallback.lineGap)};
}`)
  return `/* Generated by apps/web/build/heebo-font.ts: do not edit. */\n${rules.join('\n\n')}\n`
}

function unicodeRange(codePoints: number[]): string {
  const ranges: string[] = []
  let start = codePoints[0]!
  let end = start
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0')
  for (const codePoint of [...codePoints.slice(1), -1]) {
    if (codePoint === end + 1) {
      end = codePoint
      continue
    }
    ranges.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`)
    start = end = codePoint
  }
  return ranges.join(', ')
}
