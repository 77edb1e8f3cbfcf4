import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import type { Package, Product, Recipe } from '@tavlin/contracts'
import { allowAllAdmins, buildTestApp, type TestContext } from './build-test-app.js'
import { contentsOf, create, packageInput, productInput, recipeInput } from './catalog-factory.js'

/** The search-engine tests' shop (modules/seo): its origin, its catalogue and the heads' readers. */
export const ORIGIN = 'https://shop.example.co.il'
export const HOSTILE = '</script><script>alert(1)</script> "&<b>'
// The web app's own files: the head is written into its index.html, in the words of its translation file.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web')

/** Content of `<meta {attribute}="{key}" content="…">`, unescaped; undefined when absent. */
export function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta [^>]*${attribute}="${key}" content="([^"]*)"`).exec(html)
  return match ? unescape(match[1]!) : undefined
}
export const canonical = (html: string) => /<link [^>]*rel="canonical" href="([^"]*)"/.exec(html)?.[1]
export const title = (html: string) => unescape(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
export function jsonLd(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script [^>]*type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(scripts).toHaveLength(1)
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>
}
function unescape(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

export type SeoShop = {
  ctx: TestContext
  berbere: Product
  misirWot: Recipe
  misirBox: Package
  hostile: Product
  close(): Promise<void>
}

/** An app serving a copy of the web app's index.html, with a product, a recipe, a package and a hostile name. */
export async function openSeoShop(): Promise<SeoShop> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavlin-dist-'))
  fs.mkdirSync(path.join(dist, 'locales', 'he'), { recursive: true })
  fs.copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'))
  fs.copyFileSync(
    path.join(webRoot, 'public', 'locales', 'he', 'translation.json'),
    path.join(dist, 'locales', 'he', 'translation.json'),
  )
  const ctx = await buildTestApp(
    { webDistDir: dist },
    { PUBLIC_URL: ORIGIN },
    { requireAdmin: allowAllAdmins },
  )
  const berbere = await create<Product>(
    ctx.app,
    'products',
    productInput({
      name: 'ברברה',
      shortDescription: 'תערובת תבלינים אתיופית חריפה',
      image: '/uploads/products/berbere-640.webp',
    }),
  )
  const misirWot = await create<Recipe>(
    ctx.app,
    'recipes',
    recipeInput({ name: 'מיסיר ווט', prepTime: '45 דקות', servings: 4 }),
  )
  const misirBox = await create<Package>(
    ctx.app,
    'packages',
    packageInput({
      name: 'מארז מיסיר ווט',
      price: 69,
      description: 'כל המצרכים לתבשיל עדשים',
      items: contentsOf(berbere),
    }),
  )
  const hostile = await create<Product>(
    ctx.app,
    'products',
    productInput({ name: HOSTILE, shortDescription: HOSTILE }),
  )
  const close = async () => {
    await ctx.close()
    fs.rmSync(dist, { recursive: true, force: true })
  }
  return { ctx, berbere, misirWot, misirBox, hostile, close }
}
