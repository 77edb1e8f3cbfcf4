import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import {
  CONFIRMATION_ERROR_CODES,
  SHOP_TIME_ZONE,
  type ConfirmationPreview,
  type ConfirmationPurpose,
} from '@tavlin/contracts'
import { confirmationQueries, useConfirmLink } from '../../api/confirmations'
import { PageShell } from '../../components/layout/page-shell'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { isApiError } from '../../lib/api-error'
import { useTranslation } from '../../lib/i18n'

type LinkErrorCode = (typeof CONFIRMATION_ERROR_CODES)[number]

/** Each purpose's texts: the two consent forms share theirs. */
const TEXTS = {
  newsletter: 'marketing',
  'early-adapter': 'marketing',
  deletion: 'deletion',
  cancellation: 'cancellation',
  'stock-alert': 'stockAlert',
} as const satisfies Record<ConfirmationPurpose, string>

const validUntil = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
})

/** The code of a refused link (invalid, expired, used); null for any other failure. */
function linkErrorOf(error: unknown): LinkErrorCode | null {
  return isApiError(error) && (CONFIRMATION_ERROR_CODES as readonly string[]).includes(error.code)
    ? (error.code as LinkErrorCode)
    : null
}

/**
 * `/confirm#<token>` (issue 33, decision 237): the page an e-mailed confirmation link opens.
 * Opening it changes nothing (mail scanners open links, some run scripts): it says what the
 * link is for, and only the button confirms. The token is in the fragment, which browsers
 * never send to a server.
 */
export function ConfirmLinkView() {
  const { t } = useTranslation()
  const token = useLocation().hash.replace(/^#/, '')
  const preview = useQuery({ ...confirmationQueries.preview(token), enabled: token !== '' })
  const confirm = useConfirmLink()

  const refusal = token === '' ? 'LINK_INVALID' : (linkErrorOf(preview.error) ?? linkErrorOf(confirm.error))
  const title = preview.data ? t(`confirm.${TEXTS[preview.data.purpose]}.title`) : t('pages.confirm.title')

  return (
    <PageShell title={title} description={t('pages.confirm.title')}>
      <div className="flex max-w-prose flex-col gap-4" aria-live="polite">
        {refusal ? (
          <Outcome
            role="alert"
            title={t(`confirm.errors.${refusal}.title`)}
            text={t(`confirm.errors.${refusal}.text`)}
          />
        ) : confirm.isSuccess && preview.data ? (
          <Outcome role="status" title={t('confirm.done')} text={doneText(t, preview.data)} />
        ) : preview.isError ? (
          <p role="alert">{t('confirm.failed')}</p>
        ) : !preview.data ? (
          <div className="flex items-center gap-3">
            <Spinner />
            <span>{t('confirm.loading')}</span>
          </div>
        ) : (
          <>
            <p className="text-lg">
              {t(`confirm.${TEXTS[preview.data.purpose]}.lead`, {
                email: preview.data.email,
                order: preview.data.orderNumber ?? '',
                item: preview.data.itemLabel ?? '',
              })}
            </p>
            <p className="text-muted">
              {t('confirm.validUntil', { date: validUntil.format(new Date(preview.data.expiresAt)) })}
            </p>
            <button
              type="button"
              className={`${submitButtonClass} self-start`}
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(token)}
            >
              {t(`confirm.${TEXTS[preview.data.purpose]}.submit`)}
            </button>
            {confirm.isError && <p role="alert">{t('confirm.failed')}</p>}
            <p className="text-muted">{t('confirm.notYou')}</p>
          </>
        )}
      </div>
    </PageShell>
  )
}

function doneText(t: ReturnType<typeof useTranslation>['t'], preview: ConfirmationPreview): string {
  return t(`confirm.${TEXTS[preview.purpose]}.done`, { order: preview.orderNumber ?? '' })
}

/** The end of the page's story; takes focus, so a screen reader hears it. */
function Outcome({ role, title, text }: { role: 'status' | 'alert'; title: string; text: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div role={role} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-2 p-6">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {title}
      </h2>
      <p>{text}</p>
    </div>
  )
}
