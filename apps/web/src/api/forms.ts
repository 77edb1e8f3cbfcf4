import { useMutation } from '@tanstack/react-query'
import {
  FormReceiptSchema,
  type ContactForm,
  type EarlyAdopterForm,
  type EventInquiryForm,
  type NewsletterForm,
} from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/**
 * The visitor forms (spec §7). Not retried — neither by the client on 429 nor by the
 * mutation: the limit is per minute, so the visitor is told to try later, and a
 * retried contact message could arrive twice.
 */
function submit<T>(path: string) {
  return (data: T) => apiClient.post(path, FormReceiptSchema, { data }, { retryRateLimited: false })
}

export const formsApi = {
  newsletter: submit<NewsletterForm>('/users/form/newsletter'),
  earlyAdopter: submit<EarlyAdopterForm>('/users/form/early-adapter'),
  eventInquiry: submit<EventInquiryForm>('/users/form/event-inquiry'),
  contact: submit<ContactForm>('/users/form/contact'),
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: formsApi.newsletter, retry: false })
}

export function useEarlyAdopterSignUp() {
  return useMutation({ mutationFn: formsApi.earlyAdopter, retry: false })
}

export function useSendEventInquiry() {
  return useMutation({ mutationFn: formsApi.eventInquiry, retry: false })
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: formsApi.contact, retry: false })
}
