import type { ReactNode, RefObject } from 'react'
import { useState } from 'react'
import { Dialog } from 'radix-ui'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from '../../lib/i18n'
import { toast } from '../../lib/notify'
import { EarlyAdopterFormSchema, HONEYPOT_FIELD } from '@tavlin/contracts'
import { useEarlyAdopterSignUp } from '../../api/forms'
import { HoneypotField, TextField } from '../../components/ui/form-field'
import { CloseIcon } from '../../components/ui/icons'
import { iconButtonClass } from '../../components/ui/icon-button'
import { DateField } from '../../components/ui/date-field'
import { MarketingConsentCheckbox, PrivacyNote } from '../../components/ui/consent-fields'
import { applyServerErrors, submitErrorKey, useErrorText } from './form-errors'
import { SubmitRow } from './form-parts'

const EMPTY = {
  fullName: '',
  email: '',
  street: '',
  city: '',
  phone: '',
  birthDate: '',
  marketingConsent: false,
  [HONEYPOT_FIELD]: '',
}
const FIELDS = ['fullName', 'email', 'street', 'city', 'phone', 'birthDate'] as const

const useEarlyAdopterForm = () =>
  useForm({ resolver: zodResolver(EarlyAdopterFormSchema), defaultValues: EMPTY })
type EarlyAdopterForm = ReturnType<typeof useEarlyAdopterForm>

type EarlyAdoptersDialogProps = {
  /** The home banner's button; wrapped as the dialog's trigger. */
  trigger?: ReactNode
  /** Controlled use, when the opener lives elsewhere. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Controlled use without a trigger: where focus goes back to on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/** The early-adopters popup of the home banner (spec §2, §5 Early adopter). */
export function EarlyAdoptersDialog({
  trigger,
  open,
  onOpenChange,
  returnFocusTo,
}: EarlyAdoptersDialogProps) {
  const { t } = useTranslation()
  const [ownOpen, setOwnOpen] = useState(false)
  const isOpen = open ?? ownOpen
  const setOpen = onOpenChange ?? setOwnOpen

  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          onCloseAutoFocus={
            returnFocusTo &&
            ((event) => {
              event.preventDefault()
              returnFocusTo.current?.focus()
            })
          }
          className="fixed inset-0 z-50 m-auto h-fit max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-3xl bg-canvas p-6 text-ink shadow-2xl md:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-extrabold">{t('forms.earlyAdopters.title')}</Dialog.Title>
            <Dialog.Close
              className={`${iconButtonClass} -me-2 -mt-2`}
              aria-label={t('forms.earlyAdopters.close')}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-muted">
            {t('forms.earlyAdopters.description')}
          </Dialog.Description>
          <EarlyAdoptersForm onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function EarlyAdoptersForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const signUp = useEarlyAdopterSignUp()
  const form = useEarlyAdopterForm()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form

  // A ticked consent box is recorded only once the mailbox confirms it (issue 33): say so.
  const handleSent = (_: unknown, values: { marketingConsent?: boolean | undefined }) => {
    toast.success(
      t(values.marketingConsent ? 'forms.earlyAdopters.successConfirm' : 'forms.earlyAdopters.success'),
    )
    reset(EMPTY)
    onDone()
  }
  const handleFailed = (error: unknown) =>
    toast.error(
      applyServerErrors(error, setError, FIELDS)
        ? t('forms.earlyAdopters.validationToast')
        : t(submitErrorKey(error, 'forms.earlyAdopters.error')),
    )
  const onSubmit = handleSubmit(
    (values) => signUp.mutate(values, { onSuccess: handleSent, onError: handleFailed }),
    // Spec §5: a failed validation also raises a toast, besides the messages at the fields.
    () => toast.error(t('forms.earlyAdopters.validationToast')),
  )

  return (
    <form noValidate onSubmit={onSubmit} className="relative mt-6 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('forms.earlyAdopters.fullName')}
        autoComplete="name"
        className="sm:col-span-2"
        error={errorText(errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        label={t('forms.earlyAdopters.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        error={errorText(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('forms.earlyAdopters.phone')}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        error={errorText(errors.phone?.message)}
        {...register('phone')}
      />
      <AddressFields form={form} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <MarketingConsentCheckbox {...register('marketingConsent')} />
        <PrivacyNote />
      </div>
      <HoneypotField label={t('forms.honeypot')} {...register(HONEYPOT_FIELD)} />
      <SubmitRow isPending={signUp.isPending} label={t('forms.earlyAdopters.submit')} />
    </form>
  )
}

/** Street, city and the optional birth date. */
function AddressFields({ form }: { form: EarlyAdopterForm }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const {
    register,
    control,
    formState: { errors },
  } = form
  return (
    <>
      <TextField
        label={t('forms.earlyAdopters.street')}
        autoComplete="street-address"
        error={errorText(errors.street?.message)}
        {...register('street')}
      />
      <TextField
        label={t('forms.earlyAdopters.city')}
        autoComplete="address-level2"
        error={errorText(errors.city?.message)}
        {...register('city')}
      />
      <Controller
        control={control}
        name="birthDate"
        render={({ field }) => (
          <DateField
            label={t('forms.earlyAdopters.birthDate')}
            note={t('forms.optional')}
            autoComplete="bday"
            className="sm:col-span-2"
            error={errorText(errors.birthDate?.message)}
            {...field}
          />
        )}
      />
    </>
  )
}
