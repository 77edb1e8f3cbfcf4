import { useTranslation } from '../../lib/i18n'
import { secondaryButtonClass } from './confirm-dialog'
import type { UploadFile } from './image-upload-state'

type UploadFilesProps = {
  files: UploadFile[]
  isMultiple: boolean
  onRemove: (entryId: string) => void
  onClearAll: () => void
}

/** The picked and saved images: the progress of this round's uploads, a card per image. */
export function UploadFiles({ files, isMultiple, onRemove, onClearAll }: UploadFilesProps) {
  const { t } = useTranslation()
  if (files.length === 0) return null
  return (
    <>
      <UploadProgress files={files} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {files.map((entry) => (
          <UploadCard key={entry.id} entry={entry} onRemove={onRemove} />
        ))}
      </ul>
      {isMultiple && (
        <button type="button" className={`${secondaryButtonClass} self-start`} onClick={onClearAll}>
          {t('upload.clearAll')}
        </button>
      )}
    </>
  )
}

function UploadProgress({ files }: { files: UploadFile[] }) {
  const { t } = useTranslation()
  // Progress is about the files picked here; an image the item already had is not an upload.
  const uploads = files.filter((entry) => entry.file)
  if (uploads.length === 0) return null
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
  return (
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
  )
}

function UploadCard({ entry, onRemove }: { entry: UploadFile; onRemove: (entryId: string) => void }) {
  const { t } = useTranslation()
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-line p-2 text-sm">
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
        onClick={() => onRemove(entry.id)}
        aria-label={t('upload.remove', {
          name: entry.file ? entry.name : t('upload.currentImage'),
        })}
      >
        ✕
      </button>
    </li>
  )
}
