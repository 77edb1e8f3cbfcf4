import { BatchUploadResultSchema, type UploadFolder } from '@tavlin/contracts'
import { z } from 'zod'
import { apiClient } from '../lib/api-client'

// The url is checked here rather than by the schema, so its absence gets the spec's own error.
const SingleUploadAnswerSchema = z.object({ url: z.string().optional() })

/** Thrown when the server accepted a file but returned no address for it (spec §7). */
export class MissingUploadUrlError extends Error {
  override readonly name = 'MissingUploadUrlError'
  constructor() {
    super('Upload failed - no URL returned')
  }
}

export const uploadsApi = {
  /** One file as the multipart field `file`; resolves with its address. Without a folder the server uses its default one. */
  async single(file: File, folder?: UploadFolder): Promise<string> {
    const body = new FormData()
    body.append('file', file)
    const { url } = await apiClient.post('/upload/images', SingleUploadAnswerSchema, body, {
      query: folder ? { folder } : {},
    })
    if (!url) throw new MissingUploadUrlError()
    return url
  },
  /** Several files as the repeated field `files`; each result names its file by original name. */
  batch(files: readonly File[], folder?: UploadFolder) {
    const body = new FormData()
    for (const file of files) body.append('files', file)
    return apiClient.post('/upload/images', BatchUploadResultSchema, body, {
      query: folder ? { folder } : {},
    })
  },
}

/** The two calls the upload control needs, bound to one folder (none: the server's default). */
export function imageUploader(folder?: UploadFolder) {
  return {
    single: (file: File) => uploadsApi.single(file, folder),
    batch: (files: readonly File[]) => uploadsApi.batch(files, folder),
  }
}
