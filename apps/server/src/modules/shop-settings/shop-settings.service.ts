import {
  BUSINESS_DETAIL_FIELDS,
  BusinessDetailsInputSchema,
  SOCIAL_LINK_FIELDS,
  CheckoutSettingsSchema,
  DEFAULT_CHECKOUT_SETTINGS,
  type CheckoutSettings,
  DEFAULT_PAYMENT_OPTIONS,
  PAYMENT_METHODS,
  PaymentOptionsSchema,
  type PaymentOptions,
  DEMO_BUSINESS_DETAILS,
  DEFAULT_LOW_STOCK_THRESHOLD,
  StockSettingsSchema,
  type StockSettings,
  type BusinessDetails,
  type OwnerDetails,
  type BusinessDetailsAdmin,
  type BusinessDetailsInput,
  type LegalPage,
  type LegalPageAdmin,
  type LegalPageView,
} from '@tavlin/contracts'
import type { Executor } from '../../db/unit-of-work.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { DeliveryTerms } from '../delivery/index.js'
import { DEFAULT_LEGAL_TEXTS } from './legal-texts/index.js'
import { fillPlaceholders, renderMarkdown, sanitiseMarkdown } from './markdown.js'
import type { ShopSettingsRepository } from './shop-settings.repository.js'
import { customerMailSettingsOf } from './customer-mail-settings.js'
import { cartReminderSettingsOf } from './cart-reminder-settings.js'

const DETAILS_KEY = 'business-details'
// Built once: zod's .partial() makes a new schema each time, and every page render reads the details.
const SavedDetailsSchema = BusinessDetailsInputSchema.partial()
const STOCK_KEY = 'stock'
const CHECKOUT_KEY = 'checkout'
const PAYMENT_OPTIONS_KEY = 'payment-options'

/** `2026-11-01` → `1.11.2026`, the way the shop's pages write dates. */
function israeliDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-')
  return `${Number(day)}.${Number(month)}.${year}`
}

export type ShopSettingsServiceOptions = {
  repository: ShopSettingsRepository
  audit: AuditService
  /** What the shop says about delivery, from the delivery methods (issue 35). */
  deliveryTerms: (executor?: Executor) => Promise<DeliveryTerms>
}

/** What the owner saved; a stored value that no longer parses counts as not filled in. */
async function savedDetails(
  repository: ShopSettingsRepository,
  executor?: Executor,
): Promise<{ values: BusinessDetailsInput; updatedAt: Date | null }> {
  const row = await repository.findSetting(DETAILS_KEY, executor)
  const empty = Object.fromEntries(
    [...BUSINESS_DETAIL_FIELDS, ...SOCIAL_LINK_FIELDS].map((field) => [field, '']),
  ) as BusinessDetailsInput
  const parsed = SavedDetailsSchema.safeParse(row?.value ?? {})
  return { values: { ...empty, ...(parsed.success ? parsed.data : {}) }, updatedAt: row?.updatedAt ?? null }
}

/** The owner's business details and legal pages (issue 18). */
export function createShopSettingsService({ repository, audit, deliveryTerms }: ShopSettingsServiceOptions) {
  const saved = (executor?: Executor) => savedDetails(repository, executor)

  async function ownerDetails(executor?: Executor): Promise<OwnerDetails> {
    const { values } = await saved(executor)
    const legal = Object.fromEntries(
      BUSINESS_DETAIL_FIELDS.map((field) => [field, values[field] || DEMO_BUSINESS_DETAILS[field]]),
    )
    return { ...legal, instagramUrl: values.instagramUrl, facebookUrl: values.facebookUrl } as OwnerDetails
  }

  async function details(executor?: Executor): Promise<BusinessDetails> {
    // One after the other: a transaction (the order e-mail's) runs one query at a time.
    const owner = await ownerDetails(executor)
    const terms = await deliveryTerms(executor)
    return { ...owner, delivery: terms.summary, deliveryFees: terms.fees }
  }

  /**
   * What a legal page's {{…}} names: the owner's details and the delivery sentences.
   * `deliveryTimes`, `undeliveredAreas` and `shippingFee` are the names pages saved before
   * issue 35 use; they now read the delivery methods too.
   */
  async function placeholders(): Promise<Record<string, string>> {
    const owner = await ownerDetails()
    const terms = await deliveryTerms()
    return {
      ...owner,
      accessibilityReviewDate: israeliDate(owner.accessibilityReviewDate),
      delivery: terms.summary,
      shippingFee: terms.fees,
      deliveryTimes: terms.methods,
      undeliveredAreas: terms.undeliveredCities || 'אין',
    }
  }

  return {
    ...stockSettingsOf(repository, audit),
    ...checkoutSettingsOf(repository, audit),
    ...paymentOptionsOf(repository, audit),
    ...customerMailSettingsOf(repository, audit),
    ...cartReminderSettingsOf(repository, audit),
    /** The details every page shows: demo values where the owner has not filled in a field. */
    details,

    async adminDetails(): Promise<BusinessDetailsAdmin> {
      const { values, updatedAt } = await saved()
      return {
        saved: values,
        missing: BUSINESS_DETAIL_FIELDS.filter((field) => values[field] === ''),
        updatedAt: updatedAt?.toISOString() ?? null,
      }
    },

    async updateDetails(input: BusinessDetailsInput, actor?: Actor): Promise<BusinessDetailsAdmin> {
      await repository.saveSetting(DETAILS_KEY, input)
      const missing = BUSINESS_DETAIL_FIELDS.filter((field) => input[field] === '')
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: DETAILS_KEY,
        summary: `פרטי העסק${missing.length ? ` (חסרים ${missing.length} שדות)` : ''}`,
      })
      return this.adminDetails()
    },

    async page(page: LegalPage): Promise<LegalPageView> {
      const row = await repository.findPage(page)
      const markdown = fillPlaceholders(row?.markdown ?? DEFAULT_LEGAL_TEXTS[page], await placeholders())
      return { page, html: renderMarkdown(markdown), updatedAt: row?.updatedAt.toISOString() ?? null }
    },

    async adminPage(page: LegalPage): Promise<LegalPageAdmin> {
      const row = await repository.findPage(page)
      return {
        page,
        markdown: row?.markdown ?? DEFAULT_LEGAL_TEXTS[page],
        isDefault: !row,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      }
    },

    /** Empty text returns the page to the shop's own text. */
    async updatePage(page: LegalPage, markdown: string, actor?: Actor): Promise<LegalPageAdmin> {
      const clean = sanitiseMarkdown(markdown)
      if (clean === '') await repository.removePage(page)
      else await repository.savePage(page, clean)
      await audit.record(actor, {
        action: clean === '' ? 'delete' : 'update',
        entityType: 'page',
        entityId: page,
        summary: `/${page}`,
      })
      return this.adminPage(page)
    },
  }
}
/** The owner's low-stock threshold and its e-mail (decisions 221, 229), kept as the `stock` setting. */
function stockSettingsOf(repository: ShopSettingsRepository, audit: AuditService) {
  return {
    /**
     * The owner's stock settings; the default threshold, no e-mail, until they set them.
     * `executor`: the order's transaction, when checkout asks whether to write the low-stock e-mail.
     */
    async stockSettings(executor?: Executor): Promise<StockSettings> {
      const row = await repository.findSetting(STOCK_KEY, executor)
      const parsed = StockSettingsSchema.safeParse(row?.value ?? {})
      return parsed.success
        ? parsed.data
        : { lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD, lowStockEmail: false }
    },

    async updateStockSettings(input: StockSettings, actor?: Actor): Promise<StockSettings> {
      await repository.saveSetting(STOCK_KEY, input)
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: STOCK_KEY,
        summary: `סף מלאי נמוך: ${input.lowStockThreshold}, מייל בהגעה לסף: ${input.lowStockEmail ? 'פעיל' : 'כבוי'}`,
      })
      return input
    },
  }
}

/** The owner's checkout phone rule (decision 253), kept as the `checkout` setting. */
function checkoutSettingsOf(repository: ShopSettingsRepository, audit: AuditService) {
  return {
    /** Any phone of ten characters (the spec) until the owner asks for a mobile. */
    async checkoutSettings(): Promise<CheckoutSettings> {
      const row = await repository.findSetting(CHECKOUT_KEY)
      const parsed = CheckoutSettingsSchema.safeParse(row?.value ?? {})
      return parsed.success ? parsed.data : DEFAULT_CHECKOUT_SETTINGS
    },

    async updateCheckoutSettings(input: CheckoutSettings, actor?: Actor): Promise<CheckoutSettings> {
      await repository.saveSetting(CHECKOUT_KEY, input)
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: CHECKOUT_KEY,
        summary: `טלפון בקופה: ${input.mobilePhoneOnly ? 'נייד בלבד' : 'כל מספר'}`,
      })
      return input
    },
  }
}

export type ShopSettingsService = ReturnType<typeof createShopSettingsService>

const METHOD_NAMES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  'credit-card': 'כרטיס אשראי',
  bit: 'Bit',
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
}

/**
 * The payment methods and installments the owner offers (issue 32), kept as the
 * `payment-options` setting: sent with every payment link and shown in checkout's disclosure.
 */
function paymentOptionsOf(repository: ShopSettingsRepository, audit: AuditService) {
  return {
    /** Cards in one payment until the owner chooses; a stored value that no longer parses counts as that. */
    async paymentOptions(executor?: Executor): Promise<PaymentOptions> {
      const row = await repository.findSetting(PAYMENT_OPTIONS_KEY, executor)
      const parsed = PaymentOptionsSchema.safeParse(row?.value ?? DEFAULT_PAYMENT_OPTIONS)
      return parsed.success ? parsed.data : DEFAULT_PAYMENT_OPTIONS
    },

    async updatePaymentOptions(given: PaymentOptions, actor?: Actor): Promise<PaymentOptions> {
      // Each method once, in PayPlus's order: the first is the page's default (charge_default).
      const methods = PAYMENT_METHODS.filter((method) => given.methods.includes(method))
      const input = { methods, maxInstallments: given.maxInstallments }
      await repository.saveSetting(PAYMENT_OPTIONS_KEY, input)
      const installments = input.maxInstallments > 1 ? `עד ${input.maxInstallments} תשלומים` : 'ללא תשלומים'
      await audit.record(actor, {
        action: 'update',
        entityType: 'settings',
        entityId: PAYMENT_OPTIONS_KEY,
        summary: `אמצעי תשלום: ${input.methods.map((method) => METHOD_NAMES[method]).join(', ')}; ${installments}`,
      })
      return input
    },
  }
}
