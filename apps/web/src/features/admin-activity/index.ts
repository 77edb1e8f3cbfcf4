export { ActivityLog } from './activity-log'
