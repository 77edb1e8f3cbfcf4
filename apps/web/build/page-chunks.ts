import type { Rollup } from 'vite'
import zlib from 'node:zlib'
import { reachable } from './reachable.ts'
import { clusterSharedFiles, type ClusterOptions, type SharedFile } from './shared-file-clusters.ts'

/** The part of a built file the plan reads. */
export type BuiltChunk = Pick<
  Rollup.OutputChunk,
  | 'fileName'
  | 'isEntry'
  | 'isDynamicEntry'
  | 'facadeModuleId'
  | 'imports'
  | 'dynamicImports'
  | 'moduleIds'
  | 'code'
>

const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]client\.js$/
/** The administrator's pages and dialogs (src/app/routes/admin, src/features/admin). */
const ADMIN_MODULE = /[\\/]src[\\/](app[\\/]routes|features)[\\/]admin[\\/]/
const HOME_PAGE = /[\\/]src[\\/]app[\\/]routes[\\/]storefront[\\/]home-page\.tsx$/

/** What a page pays for a file more, in gzip bytes, and the most a merge may make it load unused. */
export const PAGE_FILE_COSTS = { fileCost: 8 * 1024, maxExtraBytes: 8 * 1024 }

/**
 * Which file each module goes into (decision 298), read from a build left to the bundler's own
 * splitting. That build gave every set of pages and dialogs sharing a module a file of its own:
 * a product page loaded 58 files, most under 2 KB, and the browser's cost per file, not their
 * bytes, was most of what the page waited for before it answered a tap. Its files are grouped,
 * whole, into:
 * - `react-dom`: what `react-dom/client` needs (React DOM, React, the scheduler). The entry loads
 *   it first and evaluates it in a task of its own (decision 167);
 * - `start`: the rest of what every page loads as the app starts (the entry's other import);
 * - `home-shared`: what `/`'s page shares with other pages or dialogs. `/` loaded all of it anyway;
 * - `shared-N`: what two or more of the other storefront pages and dialogs share, merged as long
 *   as a merge saves more than it costs (`clusterSharedFiles`);
 * - `admin-shared`: what only the administrator's pages and dialogs share, which no shopper loads.
 * A page's or dialog's own file, and what it alone loads, stay as they were. The plan is read from
 * the bundler's files, not from the modules' imports: a module that imports a package's index
 * uses a part of it, and only the bundler knows which.
 *
 * Returns each grouped module's group.
 */
export function planChunkGroups(
  chunks: BuiltChunk[],
  {
    sizeOf = gzipSize,
    ...costs
  }: ClusterOptions & { sizeOf?: (chunk: BuiltChunk) => number } = PAGE_FILE_COSTS,
): Map<string, string> {
  const files = new BuiltFiles(chunks)
  const { reactDom, start, loadedFirst } = files.loadedFirst()
  const fileGroup = new Map<BuiltChunk, string>()
  for (const chunk of reactDom) fileGroup.set(chunk, 'react-dom')
  for (const chunk of start) fileGroup.set(chunk, 'start')
  const shared: SharedFile[] = []
  for (const [chunk, users] of files.usersOf(loadedFirst)) {
    // A page's or dialog's own file, or what one page alone loads with it, stays as it is.
    if (chunk.isDynamicEntry || users.length < 2) continue
    const shoppers = users.filter((user) => !ADMIN_MODULE.test(user.facadeModuleId ?? ''))
    if (shoppers.length === 0) fileGroup.set(chunk, 'admin-shared')
    else if (shoppers.some((user) => HOME_PAGE.test(user.facadeModuleId ?? '')))
      fileGroup.set(chunk, 'home-shared')
    else if (shoppers.length > 1) {
      const users = new Set(shoppers.map((user) => user.fileName))
      shared.push({ name: chunk.fileName, bytes: sizeOf(chunk), users, imports: new Set(chunk.imports) })
    }
  }
  clusterSharedFiles(shared, costs).forEach((names, index) => {
    for (const name of names) fileGroup.set(files.named(name), `shared-${index + 1}`)
  })
  const plan = new Map<string, string>()
  for (const [chunk, group] of fileGroup) for (const id of chunk.moduleIds) plan.set(id, group)
  return plan
}

/**
 * The bundler's `codeSplitting.groups` for a plan. A group takes only the modules the plan gives
 * it, not what they import besides: what a module imports from a package's index is the part of
 * it the module uses, which the plan has already placed.
 */
export function chunkGroupsOf(plan: Map<string, string>) {
  return [...new Set(plan.values())].map((group) => ({
    name: group,
    test: (id: string) => plan.get(id) === group,
    includeDependenciesRecursively: false,
  }))
}

/** The files of a build and what each one imports. */
class BuiltFiles {
  private readonly byName: Map<string, BuiltChunk>

  constructor(private readonly chunks: BuiltChunk[]) {
    this.byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  }

  named(fileName: string): BuiltChunk {
    const chunk = this.byName.get(fileName)
    if (!chunk) throw new Error(`No built file ${fileName}`)
    return chunk
  }

  /** The file and every file it imports, directly or not. */
  closure(from: BuiltChunk | undefined): Set<BuiltChunk> {
    return reachable(from ? [from] : [], (chunk) =>
      chunk.imports.flatMap((name) => this.byName.get(name) ?? []),
    )
  }

  /** What every page loads as the app starts, in the entry's two steps (src/main.tsx). */
  loadedFirst() {
    const entry = this.chunks.find((chunk) => chunk.isEntry)
    // The entry's files stay as they are: they load before anything else, and the others import
    // the bundler's helpers from them.
    const entryFiles = this.closure(entry)
    const started = (entry?.dynamicImports ?? []).map((name) => this.named(name))
    const client = started.find((chunk) => REACT_DOM_CLIENT.test(chunk.facadeModuleId ?? ''))
    const reactDom = new Set([...this.closure(client)].filter((chunk) => !entryFiles.has(chunk)))
    const start = new Set(
      started
        .flatMap((chunk) => [...this.closure(chunk)])
        .filter((chunk) => !reactDom.has(chunk) && !entryFiles.has(chunk)),
    )
    return { reactDom, start, loadedFirst: new Set([...entryFiles, ...reactDom, ...start]) }
  }

  /** For each file not loaded first, the pages and dialogs (files loaded lazily) that load it. */
  usersOf(loadedFirst: Set<BuiltChunk>): Map<BuiltChunk, BuiltChunk[]> {
    const usersOf = new Map<BuiltChunk, BuiltChunk[]>()
    for (const user of this.chunks.filter((chunk) => chunk.isDynamicEntry && !loadedFirst.has(chunk))) {
      for (const chunk of this.closure(user)) {
        if (chunk !== user && !loadedFirst.has(chunk))
          usersOf.set(chunk, [...(usersOf.get(chunk) ?? []), user])
      }
    }
    return usersOf
  }
}

function gzipSize(chunk: BuiltChunk): number {
  return zlib.gzipSync(chunk.code).length
}
