export { DeliveryPanel } from './delivery-panel'
