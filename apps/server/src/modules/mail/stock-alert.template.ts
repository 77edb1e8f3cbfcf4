import type { RenderedMail } from './mail.templates.js'
import { paragraph, shopMailHtml, shopMailText, type ShopBrand } from './shop-mail.layout.js'

/** The one mail of a back-in-stock alert (issue 36, decision 277). */
export type StockAlertMailView = {
  email: string
  /** The product's or package's name today. */
  name: string
  /** The product's size name; null for a package. */
  size: string | null
  /** The product's (or package's) page with that size chosen. */
  url: string
}

/** Outbox keys of these mails: one per alert. */
export const STOCK_ALERT_MAIL_KEY_PREFIX = 'stock-alert:'

const REASON = 'כי ביקשת ואישרת לקבל הודעה אחת כשהפריט יחזור למלאי; זו הודעת שירות ולא דיוור שיווקי.'

export function renderStockAlert(view: StockAlertMailView, brand: ShopBrand): RenderedMail {
  const label = view.size === null ? view.name : `${view.name} (${view.size})`
  const subject = `${brand.shopName}: ${label} חזר למלאי`
  const heading = `${label} חזר למלאי`
  const lines = [
    `ביקשת שנודיע לך כש${label} יחזור למלאי — הוא חזר, ואפשר להזמין אותו עכשיו.`,
    'המלאי מוגבל, ולא שומרים אותו עבורך: הוא נשאר פנוי עד שמישהו מזמין אותו.',
    'זו ההודעה היחידה שנשלח על הפריט הזה.',
  ]
  const button = { label: view.size === null ? 'למארז' : 'למוצר', url: view.url }
  return {
    subject,
    html: shopMailHtml(brand, {
      heading,
      preview: lines[0]!,
      body: lines.map(paragraph).join(''),
      button,
      reason: REASON,
    }),
    text: shopMailText(brand, { heading, lines, button, reason: REASON }),
  }
}
