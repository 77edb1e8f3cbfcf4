export { ProductsTable } from './products-table'
export { ProductForm } from './product-form'
export { ProductEditor } from './product-editor'
