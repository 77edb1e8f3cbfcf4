import {
  HONEYPOT_FIELD,
  type ContactForm,
  type ContactMessage,
  type EarlyAdopter,
  type EarlyAdopterForm,
  type EventInquiry,
  type EventInquiryForm,
  type FormKind,
  type FormReceipt,
  type FormSubmissionListQuery,
  type NewsletterForm,
  type NewsletterSubscriber,
  type Paged,
} from '@tavlin/contracts'
import { toCsv, type CsvCell } from '../../lib/csv.js'
import type { Logger } from '../../lib/logger.js'
import type { MailService } from '../mail/mail.service.js'
import type { FormsRepository } from './forms.repository.js'

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

function toPage<R, T>(
  result: { rows: R[]; total: number },
  query: FormSubmissionListQuery,
  map: (row: R) => T,
): Paged<T> {
  return {
    items: result.rows.map(map),
    currentPage: query.page,
    totalPages: Math.ceil(result.total / query.limit),
    totalItems: result.total,
  }
}

/** `2026-11-22 14:05`, Israel time: what a spreadsheet sorts and the shop reads. */
function israelDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

const times = (row: { id: string; createdAt: Date }) => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
})

export function createFormsService(deps: {
  repository: FormsRepository
  mail: MailService
  log: Logger
  /** Marketing consent (issue 18): a ticked box puts the address on the mailing list. */
  consent?: { grantMarketing(email: string, source: 'newsletter' | 'early-adapter'): Promise<void> }
}) {
  const { repository, mail, log } = deps

  /** A filled honeypot is a bot: it gets the ordinary answer and nothing is kept or sent. */
  function isBot(form: { [HONEYPOT_FIELD]?: string | undefined }, kind: string): boolean {
    if (!form[HONEYPOT_FIELD]) return false
    log.info({ form: kind }, 'honeypot filled; submission dropped')
    return true
  }

  return {
    async subscribe(form: NewsletterForm): Promise<FormReceipt> {
      if (isBot(form, 'newsletter')) return RECEIVED
      await repository.upsertSubscriber({
        fullName: form.fullName,
        email: form.email.toLowerCase(),
        city: form.city,
      })
      // Without consent the subscriber is stored, but is not on the mailing list.
      if (form.marketingConsent) await deps.consent?.grantMarketing(form.email, 'newsletter')
      return RECEIVED
    },

    async signUpEarlyAdopter(form: EarlyAdopterForm): Promise<FormReceipt> {
      if (isBot(form, 'early-adapter')) return RECEIVED
      await repository.insertEarlyAdopter({
        fullName: form.fullName,
        email: form.email,
        street: form.street,
        city: form.city,
        phone: form.phone,
        birthDate: form.birthDate || null,
      })
      if (form.marketingConsent) await deps.consent?.grantMarketing(form.email, 'early-adapter')
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
        (row, tx) =>
          mail.enqueueVisitorMessage(
            row.id,
            {
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
            },
            tx,
          ),
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
        (row, tx) =>
          mail.enqueueVisitorMessage(
            row.id,
            {
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
            },
            tx,
          ),
      )
      return RECEIVED
    },

    /** Every submission of one form as CSV (Hebrew headers), newest first, with a dated file name. */
    async exportCsv(kind: FormKind, now = new Date()): Promise<{ fileName: string; csv: string }> {
      let header: string[]
      let rows: CsvCell[][]
      switch (kind) {
        case 'newsletter':
          header = ['שם מלא', 'אימייל', 'עיר', 'נרשם בתאריך', 'עודכן בתאריך']
          rows = (await repository.allSubscribers()).map((r) => [
            r.fullName,
            r.email,
            r.city,
            israelDateTime(r.createdAt),
            israelDateTime(r.updatedAt),
          ])
          break
        case 'early-adapter':
          header = ['שם מלא', 'אימייל', 'רחוב', 'עיר', 'טלפון', 'תאריך לידה', 'נרשם בתאריך']
          rows = (await repository.allEarlyAdopters()).map((r) => [
            r.fullName,
            r.email,
            r.street,
            r.city,
            r.phone,
            r.birthDate,
            israelDateTime(r.createdAt),
          ])
          break
        case 'event-inquiry':
          header = ['שם', 'אימייל', 'חברה', 'תיאור האירוע', 'תאריך האירוע', 'התקבל בתאריך']
          rows = (await repository.allEventInquiries()).map((r) => [
            r.name,
            r.email,
            r.company,
            r.eventDescription,
            r.eventDate,
            israelDateTime(r.createdAt),
          ])
          break
        case 'contact':
          header = ['שם', 'אימייל', 'טלפון', 'נושא', 'הודעה', 'התקבל בתאריך']
          rows = (await repository.allContactMessages()).map((r) => [
            r.name,
            r.email,
            r.phone,
            r.subject,
            r.message,
            israelDateTime(r.createdAt),
          ])
          break
      }
      return { fileName: `${kind}-${israelDateTime(now).slice(0, 10)}.csv`, csv: toCsv(header, rows) }
    },

    async listSubscribers(query: FormSubmissionListQuery): Promise<Paged<NewsletterSubscriber>> {
      return toPage(await repository.findSubscribers(query), query, (row) => ({
        ...times(row),
        fullName: row.fullName,
        email: row.email,
        city: row.city,
        updatedAt: row.updatedAt.toISOString(),
      }))
    },

    async listEarlyAdopters(query: FormSubmissionListQuery): Promise<Paged<EarlyAdopter>> {
      return toPage(await repository.findEarlyAdopters(query), query, (row) => ({
        ...times(row),
        fullName: row.fullName,
        email: row.email,
        street: row.street,
        city: row.city,
        phone: row.phone,
        birthDate: row.birthDate,
      }))
    },

    async listEventInquiries(query: FormSubmissionListQuery): Promise<Paged<EventInquiry>> {
      return toPage(await repository.findEventInquiries(query), query, (row) => ({
        ...times(row),
        name: row.name,
        email: row.email,
        company: row.company,
        eventDescription: row.eventDescription,
        eventDate: row.eventDate,
      }))
    },

    async listContactMessages(query: FormSubmissionListQuery): Promise<Paged<ContactMessage>> {
      return toPage(await repository.findContactMessages(query), query, (row) => ({
        ...times(row),
        name: row.name,
        email: row.email,
        phone: row.phone,
        subject: row.subject,
        message: row.message,
      }))
    },
  }
}
export type FormsService = ReturnType<typeof createFormsService>
