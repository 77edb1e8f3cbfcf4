export { PackagesTable } from './packages-table'
export { PackageForm } from './package-form'
export { PackageEditor } from './package-editor'
