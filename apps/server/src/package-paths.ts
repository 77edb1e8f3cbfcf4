import { fileURLToPath } from 'node:url'

/*
 * Files the server reads at run time from its package folder (apps/server) and the web app's
 * build, found from this module's own address. It sits at the top of src/ on purpose: from
 * the sources (tsx, tests), from tsc's dist/ and from the bundled dist/server.js (and its
 * chunks, all at the top of dist/, docs/decisions/165) `..` is the package folder. A module
 * deeper in the tree would lose that once bundled: its code then runs from dist/.
 */
const packageFolder = new URL('..', import.meta.url)
const inPackage = (relative: string) => fileURLToPath(new URL(relative, packageFolder))

// Kept in the source tree: the sources and every build read them from there.
export const migrationsFolder = inPackage('src/db/migrations')
export const signInStylesheetFile = inPackage('src/modules/identity/sign-in.css')

export const webDistFolder = inPackage('../web/dist')
export const webRendererEntryFile = inPackage('../web/dist-ssr/entry-server.js')
