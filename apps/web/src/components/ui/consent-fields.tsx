import type { InputHTMLAttributes, Ref } from 'react'
import { useId } from 'react'
import { useTranslation } from '../../lib/i18n'
import { Link } from 'react-router'
import { paths } from '../../config/paths'

type ConsentCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  ref?: Ref<HTMLInputElement>
}

/**
 * The marketing-mail consent (Communications Law §30א): unticked until the visitor ticks
 * it. The label's wording is what the server stores as agreed (contracts' MARKETING_CONSENT_WORDING).
 */
export function MarketingConsentCheckbox({ ref, ...input }: ConsentCheckboxProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="flex items-start gap-2">
      <input ref={ref} id={id} type="checkbox" className="mt-1 size-5 shrink-0 accent-primary" {...input} />
      <label htmlFor={id} className="text-sm">
        {t('legal.consent.marketing')}
      </label>
    </div>
  )
}

/** Beside every form that collects personal data (Privacy Protection Law, amendment 13). */
export function PrivacyNote() {
  const { t } = useTranslation()
  return (
    <p className="text-sm text-muted">
      {t('legal.privacyNote')}
      <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-4">
        {t('legal.privacyLink')}
      </Link>
      .
    </p>
  )
}
