import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import type { ParseKeys } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import { UPLOAD_LIMITS, type BatchUploadResult } from '@tavlin/contracts'
import { ApiError } from '../../lib/api-error'
import { secondaryButtonClass } from './confirm-dialog'

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

type ImageUploadProps = {
  label: string
  uploader: ImageUploader
  /** Addresses already saved, shown as uploaded. Read once, when the control mounts. */
  initialUrls?: readonly string[]
  /** Called with every successfully uploaded address whenever that list changes. */
  onChange: (urls: string[]) => void
  mode?: 'single' | 'multiple'
  maxFiles?: number
  maxSizeMb?: number
  isRequired?: boolean
  /** A translated message from the surrounding form (e.g. its schema's image rule). */
  error?: string | undefined
}

const ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} satisfies Record<(typeof UPLOAD_LIMITS.acceptedMimeTypes)[number], string[]>

const MB = 1024 * 1024
let nextId = 0
const newId = () => `upload-${++nextId}`

function urlsOf(files: readonly UploadFile[]): string[] {
  return files.flatMap((entry) => (entry.status === 'success' && entry.url ? [entry.url] : []))
}

function uploadErrorKey(error: unknown): ParseKeys {
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

/**
 * The image upload control of spec §3–§5: drop or pick files, each previewed with
 * its own status; one request for one file, one batch request for several.
 */
export function ImageUpload({
  label,
  uploader,
  initialUrls = [],
  onChange,
  mode = 'single',
  maxFiles = UPLOAD_LIMITS.maxFiles,
  maxSizeMb = UPLOAD_LIMITS.maxFileSizeMb,
  isRequired = false,
  error,
}: ImageUploadProps) {
  const { t } = useTranslation()
  const id = useId()
  const isMultiple = mode === 'multiple'
  const limit = isMultiple ? maxFiles : 1

  const [files, setFiles] = useState<UploadFile[]>(() =>
    initialUrls.map((url) => ({ id: newId(), file: null, name: url, preview: url, status: 'success', url })),
  )
  // The latest list, for async results that land after several renders.
  const filesRef = useRef(files)
  const [messages, setMessages] = useState<string[]>([])
  const [isMissing, setIsMissing] = useState(false)

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

  const setResult = useCallback(
    (entryId: string, result: Pick<UploadFile, 'status' | 'url' | 'error'>) =>
      update((current) => current.map((entry) => (entry.id === entryId ? { ...entry, ...result } : entry))),
    [update],
  )

  const uploadEntries = useCallback(
    async (entries: UploadFile[]) => {
      const ids = new Set(entries.map((entry) => entry.id))
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
        // The server answers per original file name; two files of the same name take its results in order.
        const successes = [...result.successful]
        update((current) =>
          current.map((entry) => {
            if (!ids.has(entry.id)) return entry
            const index = successes.findIndex((item) => item.originalName === entry.name)
            if (index >= 0) {
              const [success] = successes.splice(index, 1)
              return { ...entry, status: 'success', url: success?.url }
            }
            return { ...entry, status: 'error', error: 'upload.errors.uploadFailed' }
          }),
        )
        if (result.failureCount > 0) {
          setMessages([t('upload.errors.someFailed', { failed: result.failureCount, total: result.total })])
        }
      } catch {
        update((current) =>
          current.map((entry) =>
            ids.has(entry.id) ? { ...entry, status: 'error', error: 'upload.errors.uploadFailed' } : entry,
          ),
        )
        setMessages([t('upload.errors.uploadFailed')])
      }
    },
    [setResult, t, update, uploader],
  )

  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const problems = new Set<string>()
      for (const rejection of rejections) {
        for (const { code } of rejection.errors) {
          if (code === 'file-invalid-type') problems.add(t('upload.errors.invalidFileType'))
          else if (code === 'file-too-large')
            problems.add(t('upload.errors.fileTooLarge', { maxMb: maxSizeMb }))
          else if (code === 'too-many-files')
            problems.add(t('upload.errors.tooManyFiles', { maxFiles: limit }))
          else problems.add(t('upload.errors.uploadFailed'))
        }
      }

      // The library counts one drop at a time; the limit is on the whole list.
      const room = isMultiple ? Math.max(limit - filesRef.current.length, 0) : 1
      const taken = accepted.slice(0, room)
      if (taken.length < accepted.length) problems.add(t('upload.errors.tooManyFiles', { maxFiles: limit }))
      setMessages([...problems])
      if (taken.length === 0) return
      setIsMissing(false)

      const entries: UploadFile[] = taken.map((file) => ({
        id: newId(),
        file,
        name: file.name,
        preview: URL.createObjectURL(file),
        status: 'pending',
      }))
      update((current) => {
        if (isMultiple) return [...current, ...entries]
        // Single mode: the new file replaces the old one.
        for (const entry of current) if (entry.file) URL.revokeObjectURL(entry.preview)
        return entries
      })
      void uploadEntries(entries)
    },
    [isMultiple, limit, maxSizeMb, t, update, uploadEntries],
  )

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: ACCEPT,
    maxSize: maxSizeMb * MB,
    maxFiles: limit,
    multiple: isMultiple,
    // Picking nothing counts as having visited the field, so a required one says so.
    onFileDialogCancel: () => setIsMissing(isRequired && urlsOf(filesRef.current).length === 0),
  })

  function remove(entryId: string) {
    update((current) => {
      const gone = current.find((entry) => entry.id === entryId)
      if (gone?.file) URL.revokeObjectURL(gone.preview)
      return current.filter((entry) => entry.id !== entryId)
    })
  }

  function clearAll() {
    update((current) => {
      for (const entry of current) if (entry.file) URL.revokeObjectURL(entry.preview)
      return []
    })
    setMessages([])
  }

  // Progress is about the files picked here; an image the item already had is not an upload.
  const uploads = files.filter((entry) => entry.file)
  const counts = {
    total: uploads.length,
    completed: uploads.filter((entry) => entry.status === 'success').length,
    failed: uploads.filter((entry) => entry.status === 'error').length,
  }
  const done = counts.completed + counts.failed
  const progressText =
    done < counts.total
      ? t('upload.summary.uploading', { done, total: counts.total })
      : counts.failed === 0
        ? t('upload.summary.done', { count: counts.total })
        : t('upload.summary.partial', { completed: counts.completed, total: counts.total })
  const fieldError = error ?? (isMissing ? t('upload.errors.required') : undefined)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-semibold text-ink">
        {label}
      </span>
      <div
        {...getRootProps({
          className: `flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed p-4 text-center transition-colors focus-visible:outline-2 focus-visible:outline-focus ${
            isDragActive
              ? 'border-primary bg-surface-2'
              : fieldError
                ? 'border-red-700 dark:border-red-300'
                : 'border-line'
          }`,
          role: 'button',
          'aria-label': `${label}: ${isMultiple ? t('upload.dropzone') : t('upload.dropzoneSingle')}`,
          'aria-describedby': [hintId, fieldError ? errorId : null].filter(Boolean).join(' '),
        })}
      >
        <span className="font-medium">
          {isDragActive
            ? t('upload.dropActive')
            : isMultiple
              ? t('upload.dropzone')
              : t('upload.dropzoneSingle')}
        </span>
        <span id={hintId} className="text-sm text-muted">
          {isMultiple
            ? t('upload.hintMultiple', { maxMb: maxSizeMb, maxFiles: limit })
            : t('upload.hint', { maxMb: maxSizeMb })}
        </span>
      </div>
      {/* Outside the drop zone: a control may not sit inside another (the zone is a button). */}
      <input
        {...getInputProps({ id: `${id}-input` })}
        aria-labelledby={`${id}-label`}
        data-testid="image-upload-input"
      />

      {fieldError && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {fieldError}
        </p>
      )}
      {messages.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm font-medium text-red-700 dark:text-red-300">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}

      {files.length > 0 && (
        <>
          {uploads.length > 0 && (
            <div className="flex flex-col gap-1">
              <progress
                className="h-2 w-full accent-primary"
                aria-label={t('upload.progress')}
                value={done}
                max={counts.total}
              />
              <p className="text-sm text-muted" aria-live="polite">
                {progressText}
              </p>
            </div>
          )}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {files.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 rounded-xl border border-line p-2 text-sm">
                <img
                  src={entry.preview}
                  alt={entry.file ? t('upload.preview', { name: entry.name }) : t('upload.currentImage')}
                  width={160}
                  height={160}
                  className="aspect-square w-full rounded-lg object-cover"
                />
                {entry.file && (
                  <span className="truncate" dir="ltr">
                    {entry.name}
                  </span>
                )}
                <span
                  className={
                    entry.status === 'error'
                      ? 'font-medium text-red-700 dark:text-red-300'
                      : entry.status === 'success'
                        ? 'font-medium text-olive'
                        : 'text-muted'
                  }
                >
                  {t(`upload.status.${entry.status}`)}
                  {entry.error && ` — ${t(entry.error)}`}
                </span>
                <button
                  type="button"
                  className="self-start rounded-lg px-2 py-1 font-semibold text-red-700 hover:underline dark:text-red-300"
                  onClick={() => remove(entry.id)}
                  aria-label={t('upload.remove', {
                    name: entry.file ? entry.name : t('upload.currentImage'),
                  })}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          {isMultiple && (
            <button type="button" className={`${secondaryButtonClass} self-start`} onClick={clearAll}>
              {t('upload.clearAll')}
            </button>
          )}
        </>
      )}
    </div>
  )
}
