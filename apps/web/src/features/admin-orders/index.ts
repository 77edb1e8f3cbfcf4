export { OrdersTable } from './orders-table'
export { OrdersWithoutDocument } from './orders-without-document'
