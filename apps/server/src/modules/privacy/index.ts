// The privacy module's entry: what other modules may use (decision 186).
export type { ConsentSource, PrivacyService } from './privacy.service.js'
