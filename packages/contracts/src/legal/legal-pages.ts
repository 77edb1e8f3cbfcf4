import { z } from 'zod'

/** The legal pages whose text the owner edits (Markdown) and the server renders (issue 18). */
export const LEGAL_PAGES = ['accessibility', 'terms', 'privacy', 'shipping'] as const
export type LegalPage = (typeof LEGAL_PAGES)[number]
export const LegalPageParamsSchema = z.object({ page: z.enum(LEGAL_PAGES) })

/** What the storefront shows: sanitised HTML rendered by the server, business details filled in. */
export const LegalPageSchema = z.object({
  page: z.enum(LEGAL_PAGES),
  html: z.string(),
  updatedAt: z.string().nullable(),
})
export type LegalPageView = z.infer<typeof LegalPageSchema>

export const LEGAL_MARKDOWN_MAX = 50_000

/** The owner's text; '' goes back to the shop's own text. */
export const LegalPageInputSchema = z.object({
  markdown: z.string().max(LEGAL_MARKDOWN_MAX, { error: 'validation.tooLong' }),
})
export type LegalPageInput = z.infer<typeof LegalPageInputSchema>

export const LegalPageAdminSchema = z.object({
  page: z.enum(LEGAL_PAGES),
  /** The text shown now: the owner's, or the shop's own when none is saved. */
  markdown: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type LegalPageAdmin = z.infer<typeof LegalPageAdminSchema>
