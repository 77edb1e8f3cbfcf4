import { UPLOAD_LIMITS } from '@tavlin/contracts'
import type { Database } from '../db/client.js'
import type { AuditService } from '../modules/audit/index.js'
import { createCatalog, type Catalog } from '../modules/catalog/index.js'
import type { RemoteImageOptions } from '../modules/catalog/import/remote-image.js'
import type { UploadsService } from '../modules/uploads/index.js'

/** The upload pipeline's own limit per image. */
const MAX_IMAGE_BYTES = UPLOAD_LIMITS.maxFileSizeMb * 1024 * 1024

/**
 * The catalogue, whose import (issue 37, decision 286) stores the images it fetches from
 * addresses through the admin's own upload pipeline (type sniffed, size and pixel limits,
 * re-encoded to WebP in every width), into the products folder.
 */
export function wireCatalog(deps: {
  db: Database
  audit: AuditService
  uploads: UploadsService
  importImages?: RemoteImageOptions | undefined
}): Catalog {
  const { db, audit, uploads, importImages } = deps
  return createCatalog({
    db,
    audit,
    // The catalogue releases images it stops using; uploads asks it which are still used.
    images: uploads,
    storeImage: async (data, name) =>
      (
        await uploads.uploadOne('products', {
          originalName: name,
          data,
          isTooLarge: data.length > MAX_IMAGE_BYTES,
        })
      ).url,
    ...(importImages && { remoteImages: importImages }),
  })
}
