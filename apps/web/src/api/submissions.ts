import { queryOptions } from '@tanstack/react-query'
import {
  ContactMessageSchema,
  EarlyAdopterSchema,
  EventInquirySchema,
  NewsletterSubscriberSchema,
  paged,
  type FormKind,
  type FormSubmissionListQuery,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'
import { cachePresets } from '../lib/query-client'

/** The admin lists of what the visitor forms collected (DESIGN §4), and their CSV exports. */
const pageSchemas = {
  newsletter: paged(NewsletterSubscriberSchema),
  'early-adapter': paged(EarlyAdopterSchema),
  'event-inquiry': paged(EventInquirySchema),
  contact: paged(ContactMessageSchema),
} as const

export type SubmissionListParams = Partial<FormSubmissionListQuery>

export const submissionKeys = {
  all: ['submissions'] as const,
  lists: (kind: FormKind) => [...submissionKeys.all, kind, 'list'] as const,
  list: (kind: FormKind, params: SubmissionListParams) => [...submissionKeys.lists(kind), params] as const,
}

function listOptions<K extends FormKind>(kind: K, params: SubmissionListParams) {
  return queryOptions({
    queryKey: submissionKeys.list(kind, params),
    queryFn: ({ signal }) =>
      apiClient.get(`/users/form/${kind}`, pageSchemas[kind], { query: params, signal }),
    ...cachePresets.list,
    // New submissions arrive all the time; the admin expects to see them on opening the tab.
    staleTime: 0,
  })
}

export const submissionQueries = {
  newsletter: (params: SubmissionListParams) => listOptions('newsletter', params),
  earlyAdopters: (params: SubmissionListParams) => listOptions('early-adapter', params),
  eventInquiries: (params: SubmissionListParams) => listOptions('event-inquiry', params),
  contactMessages: (params: SubmissionListParams) => listOptions('contact', params),
}

export const submissionsApi = {
  exportCsv: (kind: FormKind) => apiClient.download(`/users/form/${kind}/export.csv`),
}
