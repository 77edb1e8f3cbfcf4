export { SubmissionsPanel } from './submissions-panel'
