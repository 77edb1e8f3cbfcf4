import { reachable } from './reachable.ts'

/** A file of the bundler's own splitting that two or more pages or dialogs load. */
export type SharedFile = {
  name: string
  /** Its gzip size in bytes. */
  bytes: number
  /** The pages and dialogs that load it, directly or through another file. */
  users: Set<string>
  /** The files it imports (those not shared are ignored). */
  imports: Set<string>
}

export type ClusterOptions = {
  /** What one file more costs a page, in bytes: the browser's work per file. */
  fileCost: number
  /** At most this many bytes a page or dialog does not use may it load because of merges. */
  maxExtraBytes: number
}

type Cluster = { names: string[]; bytes: number; users: Set<string>; imports: Set<number> }

/**
 * Merges shared files into fewer, as long as that costs less than it saves (decision 298). A page
 * or dialog pays `fileCost` for each file it loads and one for each byte, so merging two files it
 * loads both of saves it a file, while one that loads only one of them (or what that one imports)
 * now loads the other, and what the other imports, too. The merge that saves the most in all is
 * made first, until none saves anything. A merge that would make any page load more than
 * `maxExtraBytes` it does not use, or two files import each other, is not made.
 *
 * Returns the clusters, each a list of file names.
 */
export function clusterSharedFiles(files: SharedFile[], options: ClusterOptions): string[][] {
  const index = new Map(files.map((file, i) => [file.name, i]))
  let clusters: Cluster[] = files.map((file) => ({
    names: [file.name],
    bytes: file.bytes,
    users: new Set(file.users),
    imports: new Set([...file.imports].flatMap((name) => (index.has(name) ? [index.get(name)!] : []))),
  }))
  const users = [...new Set(files.flatMap((file) => [...file.users]))]
  const needed = new Map(users.map((user) => [user, sum(files.filter((file) => file.users.has(user)))]))
  for (;;) {
    const now = costs(clusters, users, options.fileCost)
    let best: { clusters: Cluster[]; saving: number } | undefined
    for (let a = 0; a < clusters.length; a += 1) {
      for (let b = a + 1; b < clusters.length; b += 1) {
        if (!shareAUser(clusters[a]!, clusters[b]!)) continue
        const merged = merge(clusters, a, b)
        if (!merged) continue
        const after = costs(merged, users, options.fileCost)
        if (users.some((user) => after.get(user)!.bytes - needed.get(user)! > options.maxExtraBytes)) continue
        const saving = users.reduce((total, user) => total + now.get(user)!.cost - after.get(user)!.cost, 0)
        if (saving > (best?.saving ?? 0)) best = { clusters: merged, saving }
      }
    }
    if (!best) return clusters.map((cluster) => cluster.names)
    clusters = best.clusters
  }
}

function sum(files: { bytes: number }[]): number {
  return files.reduce((total, file) => total + file.bytes, 0)
}

function shareAUser(a: Cluster, b: Cluster): boolean {
  for (const user of a.users) if (b.users.has(user)) return true
  return false
}

/** The clusters with b merged into a, or undefined when the two would then import each other. */
function merge(clusters: Cluster[], a: number, b: number): Cluster[] | undefined {
  const renumber = (i: number) => (i === b ? a : i > b ? i - 1 : i)
  const merged = clusters
    .map((cluster, i) =>
      i === a
        ? {
            names: [...cluster.names, ...clusters[b]!.names],
            bytes: cluster.bytes + clusters[b]!.bytes,
            users: new Set([...cluster.users, ...clusters[b]!.users]),
            imports: new Set([...cluster.imports, ...clusters[b]!.imports]),
          }
        : cluster,
    )
    .filter((_, i) => i !== b)
    .map((cluster) => ({ ...cluster, imports: new Set([...cluster.imports].map(renumber)) }))
  const into = renumber(a)
  merged[into]!.imports.delete(into)
  const importedByMerged = reachable(merged[into]!.imports, (i) => merged[i]!.imports)
  return importedByMerged.has(into) ? undefined : merged
}

/** For each page or dialog: the bytes it loads, and its cost with `fileCost` for each file. */
function costs(
  clusters: Cluster[],
  users: string[],
  fileCost: number,
): Map<string, { bytes: number; cost: number }> {
  return new Map(
    users.map((user) => {
      const used = clusters.flatMap((cluster, i) => (cluster.users.has(user) ? [i] : []))
      const loaded = reachable(used, (i) => clusters[i]!.imports)
      const bytes = sum([...loaded].map((i) => clusters[i]!))
      return [user, { bytes, cost: bytes + fileCost * loaded.size }]
    }),
  )
}
