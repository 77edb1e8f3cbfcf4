import {
  HONEYPOT_FIELD,
  type ContactForm,
  type EarlyAdopterForm,
  type EventInquiryForm,
  type FormReceipt,
  type NewsletterForm,
} from '@tavlin/contracts'
import type { Logger } from '../../lib/logger.js'
import type { MailService } from '../mail/index.js'
import type { ContactMessageRow, EventInquiryRow, FormsRepository } from './forms.repository.js'
import { createFormsAdminReads } from './forms-admin.service.js'

type VisitorMessageView = Parameters<MailService['enqueueVisitorMessage']>[1]

const RECEIVED: FormReceipt = { received: true }

/** Israel time for the shop's notice: the people reading it are there. */
const receivedAtFormat = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  dateStyle: 'short',
  timeStyle: 'short',
})

/** `2026-12-31` → `31.12.2026`, the way the shop reads dates. */
function israeliDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-')
  return `${day}.${month}.${year}`
}

export function createFormsService(deps: {
  repository: FormsRepository
  mail: MailService
  log: Logger
  /**
   * Marketing consent (issues 18, 33): a ticked box sends the address a confirmation link;
   * only its confirmation puts the address on the mailing list (and brings the welcome
   * coupon), decision 237.
   */
  consent?: {
    requestMarketing(
      email: string,
      source: 'newsletter' | 'early-adapter',
      clientAddress: string | null,
    ): Promise<void>
  }
}) {
  const { repository, mail, log } = deps

  /** A filled honeypot is a bot: it gets the ordinary answer and nothing is kept or sent. */
  function isBot(form: { [HONEYPOT_FIELD]?: string | undefined }, kind: string): boolean {
    if (!form[HONEYPOT_FIELD]) return false
    log.info({ form: kind }, 'honeypot filled; submission dropped')
    return true
  }

  return {
    async subscribe(form: NewsletterForm, clientAddress: string | null = null): Promise<FormReceipt> {
      if (isBot(form, 'newsletter')) return RECEIVED
      await repository.upsertSubscriber({
        fullName: form.fullName,
        email: form.email.toLowerCase(),
        city: form.city,
      })
      // The subscriber is stored either way; on the mailing list only once the mailbox confirms.
      if (form.marketingConsent) await deps.consent?.requestMarketing(form.email, 'newsletter', clientAddress)
      return RECEIVED
    },

    async signUpEarlyAdopter(
      form: EarlyAdopterForm,
      clientAddress: string | null = null,
    ): Promise<FormReceipt> {
      if (isBot(form, 'early-adapter')) return RECEIVED
      await repository.insertEarlyAdopter({
        fullName: form.fullName,
        email: form.email,
        street: form.street,
        city: form.city,
        phone: form.phone,
        birthDate: form.birthDate || null,
      })
      if (form.marketingConsent)
        await deps.consent?.requestMarketing(form.email, 'early-adapter', clientAddress)
      return RECEIVED
    },

    async sendEventInquiry(form: EventInquiryForm): Promise<FormReceipt> {
      if (isBot(form, 'event-inquiry')) return RECEIVED
      await repository.insertEventInquiry(
        {
          name: form.name,
          email: form.email,
          company: form.company || null,
          eventDescription: form.eventDescription,
          eventDate: form.eventDate,
        },
        (row, tx) => mail.enqueueVisitorMessage(row.id, eventInquiryNotice(row), tx),
      )
      return RECEIVED
    },

    async sendContactMessage(form: ContactForm): Promise<FormReceipt> {
      if (isBot(form, 'contact')) return RECEIVED
      await repository.insertContactMessage(
        {
          name: form.name,
          email: form.email,
          phone: form.phone,
          subject: form.subject,
          message: form.message,
        },
        (row, tx) => mail.enqueueVisitorMessage(row.id, contactNotice(row), tx),
      )
      return RECEIVED
    },

    ...createFormsAdminReads(repository),
  }
}
export type FormsService = ReturnType<typeof createFormsService>

/** The shop's e-mail about an event inquiry. */
function eventInquiryNotice(row: EventInquiryRow): VisitorMessageView {
  return {
    kind: 'event-inquiry',
    name: row.name,
    email: row.email,
    fields: [
      { label: 'תאריך האירוע', value: israeliDate(row.eventDate) },
      ...(row.company ? [{ label: 'חברה', value: row.company }] : []),
    ],
    subject: `${row.name}, ${israeliDate(row.eventDate)}`,
    message: row.eventDescription,
    receivedAt: receivedAtFormat.format(row.createdAt),
  }
}

/** The shop's e-mail about a contact message. */
function contactNotice(row: ContactMessageRow): VisitorMessageView {
  return {
    kind: 'contact',
    name: row.name,
    email: row.email,
    fields: [
      { label: 'טלפון', value: row.phone },
      { label: 'נושא', value: row.subject },
    ],
    subject: row.subject,
    message: row.message,
    receivedAt: receivedAtFormat.format(row.createdAt),
  }
}
