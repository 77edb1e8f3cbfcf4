import { UPLOAD_LIMITS } from '@tavlin/contracts'
import type { RemoteImageOptions } from '../modules/catalog/import/remote-image.js'
import type { UploadsService } from '../modules/uploads/index.js'

/** The upload pipeline's own limit per image. */
const MAX_IMAGE_BYTES = UPLOAD_LIMITS.maxFileSizeMb * 1024 * 1024

/**
 * The catalogue import's images given as addresses (issue 37, decision 286): once fetched,
 * they go through the admin's own upload pipeline (type sniffed, size and pixel limits,
 * re-encoded to WebP in every width), into the products folder.
 */
export const importedImage = (uploads: UploadsService, remoteImages: RemoteImageOptions | undefined) => ({
  storeImage: async (data: Buffer, name: string): Promise<string> =>
    (
      await uploads.uploadOne('products', {
        originalName: name,
        data,
        isTooLarge: data.length > MAX_IMAGE_BYTES,
      })
    ).url,
  ...(remoteImages && { remoteImages }),
})
