export { DashboardPanel } from './dashboard-panel'
