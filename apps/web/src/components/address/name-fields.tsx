import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from '../../lib/i18n'
import { TextField } from '../ui/form-field'

type NameFieldsProps = {
  firstName: UseFormRegisterReturn
  lastName: UseFormRegisterReturn
  /** Each field's message, already translated. */
  errors: { firstName?: string | undefined; lastName?: string | undefined }
}

/** First and last name, as checkout and a shopper's details ask for them. */
export function NameFields({ firstName, lastName, errors }: NameFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={t('checkout.firstName')}
        autoComplete="given-name"
        maxLength={100}
        error={errors.firstName}
        {...firstName}
      />
      <TextField
        label={t('checkout.lastName')}
        autoComplete="family-name"
        maxLength={100}
        error={errors.lastName}
        {...lastName}
      />
    </>
  )
}
