import type {
  ContactMessage,
  EarlyAdopter,
  EventInquiry,
  FormKind,
  FormSubmissionListQuery,
  NewsletterSubscriber,
  Paged,
} from '@tavlin/contracts'
import { toCsv, type CsvCell } from '../../lib/csv.js'
import { israelDateTime } from '../../lib/iso-time.js'
import type { FormsRepository } from './forms.repository.js'

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

const times = (row: { id: string; createdAt: Date }) => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
})

/** What the admin reads of the forms: the paged lists and the CSV exports. */
export function createFormsAdminReads(repository: FormsRepository) {
  return {
    /** Every submission of one form as CSV (Hebrew headers), newest first, with a dated file name. */
    exportCsv: (kind: FormKind, now = new Date()) => exportFormCsv(repository, kind, now),

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

/** Every submission of one form as CSV (Hebrew headers), newest first, with a dated file name. */
async function exportFormCsv(
  repository: FormsRepository,
  kind: FormKind,
  now: Date,
): Promise<{ fileName: string; csv: string }> {
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
}
