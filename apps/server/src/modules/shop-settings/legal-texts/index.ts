import type { LegalPage } from '@tavlin/contracts'
import { ACCESSIBILITY_TEXT } from './accessibility.js'
import { PRIVACY_TEXT } from './privacy.js'
import { SHIPPING_TEXT } from './shipping.js'
import { TERMS_TEXT } from './terms.js'

/** The shop's own texts, shown until the owner saves their own (placeholders filled at render time). */
export const DEFAULT_LEGAL_TEXTS: Record<LegalPage, string> = {
  accessibility: ACCESSIBILITY_TEXT,
  terms: TERMS_TEXT,
  privacy: PRIVACY_TEXT,
  shipping: SHIPPING_TEXT,
}
