import { describe, expect, it } from 'vitest'
import { chunkGroupsOf, planChunkGroups, type BuiltChunk } from './page-chunks'

const SRC = '/app/apps/web/src'

type Shape = Partial<BuiltChunk> & { fileName: string; bytes?: number }

function chunk({ bytes = 500, ...shape }: Shape): BuiltChunk & { bytes: number } {
  return {
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    moduleIds: [`${SRC}/${shape.fileName.replace('.js', '.ts')}`],
    code: '',
    bytes,
    ...shape,
  }
}

const page = (name: string, imports: string[], folder = 'app/routes/storefront') =>
  chunk({
    fileName: `${name}.js`,
    isDynamicEntry: true,
    facadeModuleId: `${SRC}/${folder}/${name}.tsx`,
    moduleIds: [`${SRC}/${folder}/${name}.tsx`],
    imports: ['index.js', 'react.js', 'start-app.js', ...imports],
  })

// A build as the bundler splits it: the entry starts React DOM and the app, which lazily load
// the pages; the pages share some files.
const BUILD = [
  chunk({
    fileName: 'index.js',
    isEntry: true,
    facadeModuleId: '/app/apps/web/index.html',
    dynamicImports: ['client.js', 'start-app.js'],
  }),
  chunk({
    fileName: 'client.js',
    isDynamicEntry: true,
    facadeModuleId: '/app/node_modules/react-dom/client.js',
    moduleIds: ['/app/node_modules/react-dom/client.js', '/app/node_modules/react-dom/cjs/client.js'],
    imports: ['index.js', 'react.js'],
  }),
  chunk({ fileName: 'react.js', imports: ['index.js'], moduleIds: ['/app/node_modules/react/index.js'] }),
  chunk({
    fileName: 'start-app.js',
    isDynamicEntry: true,
    facadeModuleId: `${SRC}/app/start-app.tsx`,
    imports: ['index.js', 'react.js', 'client.js', 'i18n.js'],
    dynamicImports: [
      'home-page.js',
      'product-page.js',
      'recipe-page.js',
      'admin-page.js',
      'orders-dialog.js',
    ],
  }),
  chunk({ fileName: 'i18n.js', imports: ['index.js'] }),
  page('home-page', ['catalog-image.js']),
  page('product-page', ['catalog-image.js', 'card.js', 'price.js', 'detail-page.js', 'nutrition.js']),
  page('recipe-page', ['card.js', 'price.js', 'detail-page.js']),
  page('admin-page', ['price.js', 'admin-table.js', 'nutrition.js'], 'app/routes/admin'),
  page('orders-dialog', ['admin-table.js'], 'features/admin/orders'),
  chunk({ fileName: 'catalog-image.js' }),
  chunk({ fileName: 'card.js' }),
  chunk({ fileName: 'price.js' }),
  chunk({ fileName: 'detail-page.js' }),
  chunk({ fileName: 'admin-table.js' }),
  chunk({ fileName: 'nutrition.js' }),
]

function plan(chunks = BUILD) {
  const byModule = planChunkGroups(chunks, {
    fileCost: 8_000,
    maxExtraBytes: 8_000,
    sizeOf: (built) => (built as { bytes?: number }).bytes ?? 0,
  })
  return (fileName: string) =>
    byModule.get(chunks.find((built) => built.fileName === fileName)!.moduleIds[0]!)
}

describe('planChunkGroups', () => {
  it('puts what React DOM needs in one file and the rest of the app’s start in another', () => {
    const groupOf = plan()

    expect([groupOf('client.js'), groupOf('react.js')]).toEqual(['react-dom', 'react-dom'])
    expect([groupOf('start-app.js'), groupOf('i18n.js')]).toEqual(['start', 'start'])
  })

  it('leaves the entry, each page and what one page alone loads in files of their own', () => {
    const groupOf = plan()

    for (const own of ['index.js', 'home-page.js', 'product-page.js', 'orders-dialog.js']) {
      expect(groupOf(own), own).toBeUndefined()
    }
    // The nutrition table: one storefront page and the administrator's.
    expect(groupOf('nutrition.js')).toBeUndefined()
  })

  it('groups what the home page shares, what the other pages share, and what only the admin shares', () => {
    const groupOf = plan()

    expect(groupOf('catalog-image.js')).toBe('home-shared')
    const shared = groupOf('card.js')
    expect(shared).toMatch(/^shared-\d+$/)
    expect([groupOf('price.js'), groupOf('detail-page.js')]).toEqual([shared, shared])
    expect(groupOf('admin-table.js')).toBe('admin-shared')
  })

  it('gives the bundler a group per planned file that takes exactly the plan’s modules', () => {
    const byModule = planChunkGroups(BUILD, { fileCost: 8_000, maxExtraBytes: 8_000, sizeOf: () => 500 })
    const groups = chunkGroupsOf(byModule)

    expect(groups.map((group) => group.name).sort()).toEqual(
      ['admin-shared', 'home-shared', 'react-dom', 'shared-1', 'start'].sort(),
    )
    const reactDom = groups.find((group) => group.name === 'react-dom')!
    expect(reactDom.test('/app/node_modules/react-dom/cjs/client.js')).toBe(true)
    expect(reactDom.test(`${SRC}/app/start-app.ts`)).toBe(false)
    expect(groups.every((group) => group.includeDependenciesRecursively === false)).toBe(true)
  })
})
