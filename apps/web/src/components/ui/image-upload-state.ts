import { useCallback, useEffect, useRef, useState } from 'react'
import type { ParseKeys } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import type { BatchUploadResult } from '@tavlin/contracts'
import { ApiError } from '../../lib/api-error'

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error'

/** Spec §3 "Upload file state". `file` is null for an image that was already saved (edit mode). */
export type UploadFile = {
  id: string
  file: File | null
  name: string
  preview: string
  status: UploadStatus
  url?: string
  error?: ParseKeys
}

export type ImageUploader = {
  single: (file: File) => Promise<string>
  batch: (files: readonly File[]) => Promise<BatchUploadResult>
}

let nextId = 0
export const newId = () => `upload-${++nextId}`

export function urlsOf(files: readonly UploadFile[]): string[] {
  return files.flatMap((entry) => (entry.status === 'success' && entry.url ? [entry.url] : []))
}

export function uploadErrorKey(error: unknown): ParseKeys {
  if (error instanceof Error && error.name === 'MissingUploadUrlError') return 'upload.errors.noUrl'
  // The server names an upload that arrived cut off (a dropped connection): say so, not just "failed".
  if (
    error instanceof ApiError &&
    Array.isArray(error.details) &&
    error.details.some((detail: { message?: unknown }) => detail?.message === 'upload.errors.incomplete')
  )
    return 'upload.errors.incomplete'
  return 'upload.errors.uploadFailed'
}

type UploadListOptions = {
  initialUrls: readonly string[]
  /** Called with every successfully uploaded address whenever that list changes. */
  onChange: (urls: string[]) => void
}

/** The control's list of files: each change reports the uploaded addresses when they change. */
export function useUploadList({ initialUrls, onChange }: UploadListOptions) {
  const [files, setFiles] = useState<UploadFile[]>(() =>
    initialUrls.map((url) => ({ id: newId(), file: null, name: url, preview: url, status: 'success', url })),
  )
  // The latest list, for async results that land after several renders.
  const filesRef = useRef(files)

  const update = useCallback(
    (change: (current: UploadFile[]) => UploadFile[]) => {
      const before = urlsOf(filesRef.current)
      const next = change(filesRef.current)
      filesRef.current = next
      setFiles(next)
      const after = urlsOf(next)
      if (before.length !== after.length || before.some((url, index) => url !== after[index])) onChange(after)
      return next
    },
    [onChange],
  )

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      for (const entry of filesRef.current) if (entry.file) URL.revokeObjectURL(entry.preview)
    },
    [],
  )

  function remove(entryId: string) {
    update((current) => {
      const gone = current.find((entry) => entry.id === entryId)
      if (gone?.file) URL.revokeObjectURL(gone.preview)
      return current.filter((entry) => entry.id !== entryId)
    })
  }

  function clear() {
    update((current) => {
      for (const entry of current) if (entry.file) URL.revokeObjectURL(entry.preview)
      return []
    })
  }

  return { files, filesRef, update, remove, clear }
}

type Update = ReturnType<typeof useUploadList>['update']

/**
 * Sends picked files: one request for one file, one batch request for several; each
 * entry gets its own status, and a batch's failures a message.
 */
export function useUploadEntries(
  update: Update,
  uploader: ImageUploader,
  setMessages: (messages: string[]) => void,
) {
  const { t } = useTranslation()
  const setResult = useCallback(
    (entryId: string, result: Pick<UploadFile, 'status' | 'url' | 'error'>) =>
      update((current) => current.map((entry) => (entry.id === entryId ? { ...entry, ...result } : entry))),
    [update],
  )

  return useCallback(
    async (entries: UploadFile[]) => {
      const ids = new Set(entries.map((entry) => entry.id))
      const failAll = () =>
        update((current) =>
          current.map((entry) =>
            ids.has(entry.id) ? { ...entry, status: 'error', error: 'upload.errors.uploadFailed' } : entry,
          ),
        )
      update((current) =>
        current.map((entry) => (ids.has(entry.id) ? { ...entry, status: 'uploading' } : entry)),
      )

      const [only] = entries
      if (entries.length === 1 && only?.file) {
        try {
          setResult(only.id, { status: 'success', url: await uploader.single(only.file) })
        } catch (cause) {
          setResult(only.id, { status: 'error', error: uploadErrorKey(cause) })
        }
        return
      }

      try {
        const result = await uploader.batch(entries.flatMap((entry) => (entry.file ? [entry.file] : [])))
        update((current) => withBatchResult(current, ids, result))
        if (result.failureCount > 0) {
          setMessages([t('upload.errors.someFailed', { failed: result.failureCount, total: result.total })])
        }
      } catch {
        failAll()
        setMessages([t('upload.errors.uploadFailed')])
      }
    },
    [setMessages, setResult, t, update, uploader],
  )
}

/** The server answers per original file name; two files of the same name take its results in order. */
function withBatchResult(
  current: UploadFile[],
  ids: ReadonlySet<string>,
  result: BatchUploadResult,
): UploadFile[] {
  const successes = [...result.successful]
  return current.map((entry) => {
    if (!ids.has(entry.id)) return entry
    const index = successes.findIndex((item) => item.originalName === entry.name)
    if (index >= 0) {
      const [success] = successes.splice(index, 1)
      return { ...entry, status: 'success', url: success?.url }
    }
    return { ...entry, status: 'error', error: 'upload.errors.uploadFailed' }
  })
}
