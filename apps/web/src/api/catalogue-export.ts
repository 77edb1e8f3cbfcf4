import type { CatalogueExportQuery } from '@tavlin/contracts'
import { apiClient } from '../lib/api-client'

/** The catalogue as a spreadsheet (issue 37): a file behind the admin's token, fetched as a blob. */
export const catalogueExportApi = {
  download: (query: CatalogueExportQuery) => apiClient.download('/admin/catalogue/export', { query }),
}
