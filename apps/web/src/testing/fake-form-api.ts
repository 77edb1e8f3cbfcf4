import { vi } from 'vitest'
import { publicConfig, shopDetails } from './fake-api'

/** One form request the page sent: its address and its parsed body. */
export type FormCall = { url: string; body: unknown }
/** One queued server answer; without one, the server takes the form. */
export type FormAnswer = () => Promise<Response> | Response

export const received = () => Response.json({ success: true, data: { received: true } }, { status: 201 })
export const rateLimited = () =>
  Response.json(
    { success: false, code: 'RATE_LIMITED', message: 'Too many' },
    { status: 429, headers: { 'Retry-After': '40' } },
  )
export const invalid = (field: string, message: string) =>
  Response.json(
    {
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      details: [{ field: `body.data.${field}`, message }],
    },
    { status: 400 },
  )

/**
 * For `beforeEach`: stands in for `fetch` at the browser's edge, recording every form call and
 * answering from `answers` in order (undo with `vi.restoreAllMocks`).
 */
export function fakeFormApi(): { calls: FormCall[]; answers: FormAnswer[] } {
  const calls: FormCall[] = []
  const answers: FormAnswer[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // The shop's settings (the contact page's e-mail address) are a read, not a form call.
    if (String(input).endsWith('/api/config')) return Response.json({ success: true, data: publicConfig })
    // The business details (the contact page's address, phone and e-mail) are a read too.
    if (String(input).endsWith('/api/shop/details'))
      return Response.json({ success: true, data: shopDetails })
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const next = answers.shift()
    return next ? next() : received()
  })
  return { calls, answers }
}
