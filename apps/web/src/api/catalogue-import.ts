import { CatalogueImportReportSchema } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/**
 * The catalogue import (issue 37): the file as the multipart field `file`; a dry run reports,
 * `apply` writes all of it or nothing. The mapping is `old=new` lines.
 */
export const catalogueImportApi = {
  send(file: File, options: { apply: boolean; mapping: Record<string, string> }) {
    const body = new FormData()
    body.append('file', file)
    const map = Object.entries(options.mapping)
      .filter(([, ours]) => ours)
      .map(([old, ours]) => `${old}=${ours}`)
      .join('\n')
    return apiClient.post('/admin/catalogue/import', CatalogueImportReportSchema, body, {
      query: { dryRun: String(!options.apply), ...(map && { map }) },
    })
  },
}
