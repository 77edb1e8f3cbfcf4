import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@tavlin/contracts'
import { useTranslation } from '../../lib/i18n'
import { accountQueries, useDeleteAddress, useMakeDefaultAddress } from '../../api/account'
import { useApiErrorText } from '../../hooks/use-api-error-text'
import { ConfirmDialog, secondaryButtonClass, useConfirmation } from '../../components/ui/confirm-dialog'
import { submitButtonClass } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { AddressForm } from './address-form'
import { sectionClass, sectionTitleClass } from './account-format'

/** The street line of an address, as the shopper wrote it. */
export function addressLine(address: SavedAddress): string {
  return `${address.street} ${address.streetNum}, ${address.city}`
}

/** "כתובות": the saved addresses (one of them the default), add, change, delete. */
export function AddressesSection() {
  const { t } = useTranslation()
  const errorText = useApiErrorText()
  const addresses = useQuery(accountQueries.addresses())
  const remove = useDeleteAddress()
  const makeDefault = useMakeDefaultAddress()
  const confirmation = useConfirmation()
  // null: no form open; 'new': adding; else the address being changed.
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null)
  const failure = remove.error ?? makeDefault.error

  return (
    <section id="addresses" aria-labelledby="account-addresses" className={sectionClass}>
      <h2 id="account-addresses" className={sectionTitleClass}>
        {t('account.addresses.title')}
      </h2>
      {addresses.isPending ? (
        <Spinner />
      ) : addresses.isError ? (
        <p role="alert">{errorText(addresses.error)}</p>
      ) : (
        <div className="grid gap-4">
          {addresses.data.items.length === 0 ? (
            <p className="text-muted">{t('account.addresses.empty')}</p>
          ) : (
            <ul className="grid gap-3">
              {addresses.data.items.map((address) => (
                <AddressItem
                  key={address._id}
                  address={address}
                  onEdit={() => setEditing(address)}
                  onMakeDefault={() => makeDefault.mutate(address._id)}
                  onDelete={() =>
                    confirmation.request(addressLine(address), () =>
                      remove.mutateAsync(address._id).catch(() => {}),
                    )
                  }
                />
              ))}
            </ul>
          )}
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {errorText(failure)}
            </p>
          )}
          {editing ? (
            <AddressForm
              key={editing === 'new' ? 'new' : editing._id}
              address={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <div>
              <button type="button" className={submitButtonClass} onClick={() => setEditing('new')}>
                {t('account.addresses.add')}
              </button>
              <p className="mt-2 text-sm text-muted">
                {t('account.addresses.limit', { max: MAX_SAVED_ADDRESSES })}
              </p>
            </div>
          )}
        </div>
      )}
      <ConfirmDialog {...confirmation.dialogProps} />
    </section>
  )
}

type AddressItemProps = {
  address: SavedAddress
  onEdit: () => void
  onMakeDefault: () => void
  onDelete: () => void
}

function AddressItem({ address, onEdit, onMakeDefault, onDelete }: AddressItemProps) {
  const { t } = useTranslation()
  return (
    <li className="rounded-2xl border border-line p-4">
      <p className="font-semibold">
        {address.label ? `${address.label}: ` : ''}
        {addressLine(address)}
        {address.isDefault && (
          <span className="ms-2 rounded-full bg-surface-2 px-2 py-0.5 text-sm font-medium">
            {t('account.addresses.default')}
          </span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={t('account.addresses.editOne', { address: addressLine(address) })}
          onClick={onEdit}
        >
          {t('account.addresses.edit')}
        </button>
        {!address.isDefault && (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={t('account.addresses.makeDefaultOne', { address: addressLine(address) })}
            onClick={onMakeDefault}
          >
            {t('account.addresses.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={t('account.addresses.deleteOne', { address: addressLine(address) })}
          onClick={onDelete}
        >
          {t('account.addresses.delete')}
        </button>
      </div>
    </li>
  )
}
