import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../lib/i18n'
import { Link } from 'react-router'
import { BUSINESS_DETAIL_FIELDS, LEGAL_PAGES, type LegalPage, type LegalPageAdmin } from '@tavlin/contracts'
import { adminShopQueries, useSaveLegalPage } from '../../api/admin-shop'
import { secondaryButtonClass } from '../../components/ui/confirm-dialog'
import { TextAreaField, inputClass, submitButtonClass } from '../../components/ui/form-field'
import { PageSpinner } from '../../components/ui/spinner'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { toast } from '../../lib/notify'

// `delivery` and `shippingFee` are written from the delivery methods (issue 35).
const PLACEHOLDERS = [...BUSINESS_DETAIL_FIELDS, 'delivery', 'shippingFee']
  .map((name) => `{{${name}}}`)
  .join(' ')

/** The owner edits the accessibility statement, terms, privacy and shipping pages (Markdown). */
export function LegalPagesEditor() {
  const { t } = useTranslation()
  const selectId = useId()
  const [page, setPage] = useState<LegalPage>('accessibility')
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-semibold">
          {t('shopSettings.pages.choose')}
        </label>
        <select
          id={selectId}
          value={page}
          onChange={(event) => setPage(event.target.value as LegalPage)}
          className={`${inputClass} max-w-xs`}
        >
          {LEGAL_PAGES.map((value) => (
            <option key={value} value={value}>
              {t(`pages.${value}.title`)}
            </option>
          ))}
        </select>
      </div>
      <PageTextForm key={page} page={page} />
    </div>
  )
}

function PageTextForm({ page }: { page: LegalPage }) {
  const { data } = useQuery(adminShopQueries.page(page))
  if (!data) return <PageSpinner />
  // A new saved version starts the text over from what the server now holds.
  return <MarkdownForm key={`${data.updatedAt}-${data.isDefault}`} data={data} />
}

function MarkdownForm({ data }: { data: LegalPageAdmin }) {
  const { t } = useTranslation()
  const { page } = data
  const showSaveError = useSaveErrorToast()
  const save = useSaveLegalPage()
  const [markdown, setMarkdown] = useState(data.markdown)

  const submit = (text: string, message: 'saved' | 'restored') =>
    save.mutate(
      { page, markdown: text },
      {
        onSuccess: () => toast.success(t(`shopSettings.pages.${message}`)),
        onError: (error) => showSaveError(error),
      },
    )

  return (
    <form
      noValidate
      aria-busy={save.isPending}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit(markdown, 'saved')
      }}
    >
      <p className="text-sm font-semibold text-muted" role="status">
        {t(data.isDefault ? 'shopSettings.pages.isDefault' : 'shopSettings.pages.isCustom')}
      </p>
      <TextAreaField
        label={t('shopSettings.pages.markdown')}
        hint={`${t('shopSettings.pages.hint')} ${PLACEHOLDERS}`}
        value={markdown}
        rows={24}
        onChange={(event) => setMarkdown(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={submitButtonClass} disabled={save.isPending}>
          {save.isPending ? t('shopSettings.saving') : t('shopSettings.save')}
        </button>
        {!data.isDefault && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={save.isPending}
            onClick={() => submit('', 'restored')}
          >
            {t('shopSettings.pages.restore')}
          </button>
        )}
        <Link to={`/${page}`} className="font-semibold text-primary underline underline-offset-4">
          {t('shopSettings.pages.view')}
        </Link>
      </div>
    </form>
  )
}
