export * from './catalog.js'
