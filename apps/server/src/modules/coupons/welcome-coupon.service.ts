import crypto from 'node:crypto'
import {
  DEFAULT_WELCOME_COUPON,
  formatShekels,
  shopToday,
  toAgorot,
  toShekels,
  type WelcomeCouponSettings,
} from '@tavlin/contracts'
import { mailboxOf } from '../../lib/mailbox.js'
import type { Actor, AuditService } from '../audit/index.js'
import type { MailService } from '../mail/index.js'
import type { WelcomeCouponsRepository } from './coupons.repository.js'

/** Codes without look-alikes (0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

function randomCode(): string {
  const bytes = crypto.randomBytes(8)
  return `WELCOME-${[...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`
}

/** `days` after today in the shop's calendar, as YYYY-MM-DD. */
function shopDayAfter(days: number, now: Date): string {
  return shopToday(new Date(now.getTime() + days * 86_400_000))
}

/**
 * The welcome coupon (issue 19, decision 223): off by default; when the owner turns it on, a
 * newsletter subscriber who confirmed their consent from their mailbox receives once per
 * mailbox a personal, one-use coupon, bound at checkout to that mailbox (decision 239).
 */
export function createWelcomeCouponService(deps: {
  repository: WelcomeCouponsRepository
  mail: Pick<MailService, 'enqueueWelcomeCoupon'>
  audit: AuditService
}) {
  const { repository, mail, audit } = deps
  return {
    async settings(): Promise<WelcomeCouponSettings> {
      const row = await repository.findSettings()
      if (!row) return DEFAULT_WELCOME_COUPON
      const value = row.kind === 'percent' ? row.value : toShekels(row.value)
      return { enabled: row.enabled, kind: row.kind, value, validDays: row.validDays }
    },

    async saveSettings(input: WelcomeCouponSettings, actor?: Actor): Promise<WelcomeCouponSettings> {
      const value = input.kind === 'percent' ? input.value : toAgorot(input.value)
      await repository.saveSettings({
        enabled: input.enabled,
        kind: input.kind,
        value,
        validDays: input.validDays,
      })
      await audit.record(actor, {
        action: 'update',
        entityType: 'coupon',
        entityId: 'welcome',
        summary: input.enabled ? 'welcome coupon on' : 'welcome coupon off',
      })
      return input
    },

    /**
     * Issues and mails the subscriber's coupon, once per mailbox (aliases of it get none:
     * the unique `issued_to_mailbox`); nothing while off. Called on the consent's confirmation.
     */
    async issue(email: string, now = new Date()): Promise<void> {
      const settings = await repository.findSettings()
      if (!settings?.enabled) return
      const address = email.toLowerCase()
      const endsOn = shopDayAfter(settings.validDays - 1, now)
      const coupon = await repository.issue({
        code: randomCode(),
        kind: settings.kind,
        value: settings.value,
        minimumAgorot: null,
        startsOn: null,
        endsOn,
        usageLimit: 1,
        onePerCustomer: true,
        freeShipping: false,
        categories: [],
        active: true,
        issuedTo: address,
        issuedToMailbox: mailboxOf(address),
      })
      if (!coupon) return
      const benefit =
        settings.kind === 'percent'
          ? `${settings.value}% הנחה`
          : `הנחה של ${formatShekels(toShekels(settings.value))}`
      const [year, month, day] = endsOn.split('-')
      await mail.enqueueWelcomeCoupon({
        email: address,
        code: coupon.code,
        benefit,
        validUntil: `${day}/${month}/${year}`,
      })
    },
  }
}
export type WelcomeCouponService = ReturnType<typeof createWelcomeCouponService>
