export * from './catalog.js'
export * from './identity.js'
