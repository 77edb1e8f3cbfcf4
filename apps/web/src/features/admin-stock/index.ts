export { StockPanel, stockItemLabel } from './stock-panel'
export { StockHistory } from './stock-history'
