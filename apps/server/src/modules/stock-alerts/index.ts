// The stock-alerts module's entry: what other modules may use (decision 186).
export type { StockAlertsService } from './stock-alerts.service.js'
