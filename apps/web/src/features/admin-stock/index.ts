export { StockPanel } from './stock-panel'
export { stockItemLabel } from './stock-item-label'
export { StockHistory } from './stock-history'
