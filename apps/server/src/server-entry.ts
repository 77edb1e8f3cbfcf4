/**
 * The bundle's entry, dist/server.js (scripts/bundle.mjs): turns on Node's compile cache
 * before server.ts and all it imports are loaded, as a static import would be loaded before
 * any code here ran. Node 22.1+ then keeps V8's compiled code of the bundle between starts
 * (docs/decisions/165); Node 20 has no such cache and starts as it would without this.
 */
import module from 'node:module'

const compileCache = module as { enableCompileCache?: () => unknown }
compileCache.enableCompileCache?.()
await import('./server.js')
