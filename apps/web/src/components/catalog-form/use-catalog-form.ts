import { useState } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { useSaveErrorToast } from '../../hooks/use-api-error-text'
import { useErrorText } from '../../hooks/use-error-text'
import { toast } from '../../lib/notify'
import { applyServerFieldErrors } from '../../lib/server-errors'

type SaveCallbacks = { onSuccess: () => void; onError: (error: unknown) => void }
/** A create or update mutation hook's result, as the form uses it. */
export type SaveMutation<Variables> = {
  mutate(variables: Variables, callbacks: SaveCallbacks): void
  isPending: boolean
}

export type CatalogFormOptions<Values extends FieldValues, Input> = {
  /** The contract's input schema: the form checks exactly what the server checks. */
  schema: z.ZodType<Input, Values>
  /** The entity's id when editing; absent when adding. */
  id: string | undefined
  defaultValues: Values
  /** What the form goes back to after a save. */
  empty: Values
  create: SaveMutation<Input>
  update: SaveMutation<{ id: string; input: Input }>
  /** The toast after a save (added or updated). */
  successText: string
  onDone: () => void
}

/**
 * The admin catalogue forms' common state: the contract schema as resolver, create or
 * update on submit, a toast and a reset after a save, and the server's field errors put
 * back beside their fields with a Hebrew toast.
 */
export function useCatalogForm<Values extends FieldValues, Input>(
  options: CatalogFormOptions<Values, Input>,
) {
  const { schema, id, create, update, empty, successText, onDone } = options
  const errorText = useErrorText()
  const showSaveError = useSaveErrorToast()
  // The upload control keeps its own file list; a new key empties it when the form resets.
  const [formRound, setFormRound] = useState(0)
  const form = useForm<Values, unknown, Input>({
    // The resolver's overloads do not follow a generic schema; the schema is the contract's.
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, Input>,
    defaultValues: options.defaultValues as DefaultValues<Values>,
  })
  const isSaving = create.isPending || update.isPending

  const onSubmit = form.handleSubmit((input) => {
    const callbacks = {
      onSuccess: () => {
        toast.success(successText)
        form.reset(empty)
        setFormRound((round) => round + 1)
        onDone()
      },
      onError: (error: unknown) => {
        applyServerFieldErrors(error, form.setError)
        showSaveError(error)
      },
    }
    if (id) update.mutate({ id, input }, callbacks)
    else create.mutate(input, callbacks)
  })

  return { form, onSubmit, isSaving, formRound, errorText }
}

export type CatalogForm<Values extends FieldValues, Input> = ReturnType<typeof useCatalogForm<Values, Input>>
