import { useCallback, useId, useState } from 'react'
import { useDropzone, type FileRejection } from 'react-dropzone'
import type { TFunction } from '../../lib/i18n'
import { useTranslation } from '../../lib/i18n'
import { UPLOAD_LIMITS } from '@tavlin/contracts'
import { UploadFiles } from './image-upload-files'
import {
  newId,
  urlsOf,
  useUploadEntries,
  useUploadList,
  type ImageUploader,
  type UploadFile,
} from './image-upload-state'

export type { ImageUploader, UploadFile, UploadStatus } from './image-upload-state'

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

/** The messages for the files the drop zone refused, one per kind of problem. */
function rejectionMessages(
  rejections: FileRejection[],
  t: TFunction,
  maxSizeMb: number,
  limit: number,
): Set<string> {
  const problems = new Set<string>()
  for (const rejection of rejections) {
    for (const { code } of rejection.errors) {
      if (code === 'file-invalid-type') problems.add(t('upload.errors.invalidFileType'))
      else if (code === 'file-too-large') problems.add(t('upload.errors.fileTooLarge', { maxMb: maxSizeMb }))
      else if (code === 'too-many-files') problems.add(t('upload.errors.tooManyFiles', { maxFiles: limit }))
      else problems.add(t('upload.errors.uploadFailed'))
    }
  }
  return problems
}

function pendingEntry(file: File): UploadFile {
  return { id: newId(), file, name: file.name, preview: URL.createObjectURL(file), status: 'pending' }
}

type ZoneTextProps = {
  isDragActive: boolean
  isMultiple: boolean
  hintId: string
  maxSizeMb: number
  limit: number
}

/** What the drop zone says: drop here (or let go), and the size and count limits. */
function ZoneText({ isDragActive, isMultiple, hintId, maxSizeMb, limit }: ZoneTextProps) {
  const { t } = useTranslation()
  return (
    <>
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
    </>
  )
}

type UploadMessagesProps = { fieldError: string | undefined; errorId: string; messages: string[] }

/** The field's own error (the form's rule, or a required field left empty) and the upload problems. */
function UploadMessages({ fieldError, errorId, messages }: UploadMessagesProps) {
  return (
    <>
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
    </>
  )
}

type DropHandlerArgs = {
  filesRef: ReturnType<typeof useUploadList>['filesRef']
  isMultiple: boolean
  limit: number
  maxSizeMb: number
  update: ReturnType<typeof useUploadList>['update']
  uploadEntries: ReturnType<typeof useUploadEntries>
  setMessages: (messages: string[]) => void
  setIsMissing: (isMissing: boolean) => void
}

/** What a drop does: report refused files, keep within the limit, then upload the rest. */
function useDropHandler({
  filesRef,
  isMultiple,
  limit,
  maxSizeMb,
  update,
  uploadEntries,
  setMessages,
  setIsMissing,
}: DropHandlerArgs) {
  const { t } = useTranslation()
  return useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const problems = rejectionMessages(rejections, t, maxSizeMb, limit)
      // The library counts one drop at a time; the limit is on the whole list.
      const room = isMultiple ? Math.max(limit - filesRef.current.length, 0) : 1
      const taken = accepted.slice(0, room)
      if (taken.length < accepted.length) problems.add(t('upload.errors.tooManyFiles', { maxFiles: limit }))
      setMessages([...problems])
      if (taken.length === 0) return
      setIsMissing(false)

      const entries = taken.map(pendingEntry)
      update((current) => {
        if (isMultiple) return [...current, ...entries]
        // Single mode: the new file replaces the old one.
        for (const entry of current) if (entry.file) URL.revokeObjectURL(entry.preview)
        return entries
      })
      void uploadEntries(entries)
    },
    [filesRef, isMultiple, limit, maxSizeMb, t, update, uploadEntries, setMessages, setIsMissing],
  )
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
  const { files, filesRef, update, remove, clear } = useUploadList({ initialUrls, onChange })
  const [messages, setMessages] = useState<string[]>([])
  const [isMissing, setIsMissing] = useState(false)
  const uploadEntries = useUploadEntries(update, uploader, setMessages)

  const onDrop = useDropHandler({
    filesRef,
    isMultiple,
    limit,
    maxSizeMb,
    update,
    uploadEntries,
    setMessages,
    setIsMissing,
  })

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: ACCEPT,
    maxSize: maxSizeMb * MB,
    maxFiles: limit,
    multiple: isMultiple,
    // Picking nothing counts as having visited the field, so a required one says so.
    onFileDialogCancel: () => setIsMissing(isRequired && urlsOf(filesRef.current).length === 0),
  })

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
        <ZoneText {...{ isDragActive, isMultiple, hintId, maxSizeMb, limit }} />
      </div>
      {/* Outside the drop zone: a control may not sit inside another (the zone is a button). */}
      <input
        {...getInputProps({ id: `${id}-input` })}
        aria-labelledby={`${id}-label`}
        data-testid="image-upload-input"
      />

      <UploadMessages fieldError={fieldError} errorId={errorId} messages={messages} />
      <UploadFiles
        files={files}
        isMultiple={isMultiple}
        onRemove={remove}
        onClearAll={() => {
          clear()
          setMessages([])
        }}
      />
    </div>
  )
}
