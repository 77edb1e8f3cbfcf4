import { createUnitOfWork } from '../db/unit-of-work.js'
import type { ConfirmationLinks } from '../modules/confirmations/confirmations.service.js'
import { createOrderReceivedRepository } from '../modules/orders/order-received.repository.js'
import { createReceivedItems } from '../modules/orders/order-received.js'
import { createReviewLinksRepository } from '../modules/reviews/review-links.repository.js'
import { createReviewRequests } from '../modules/reviews/review-requests.service.js'
import { createReviewsRepository } from '../modules/reviews/reviews.repository.js'
import { createPublishedReviews, createReviewModeration } from '../modules/reviews/reviews-public.service.js'
import { createReviewsService } from '../modules/reviews/reviews.service.js'
import { createShopSettingsRepository } from '../modules/shop-settings/shop-settings.repository.js'
import type { UploadsService } from '../modules/uploads/index.js'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import type { AuditService } from '../modules/audit/index.js'
import type { MailService } from '../modules/mail/index.js'

/** Reviews from verified buyers (issue 36, decisions 279–281), over orders, uploads and the link key. */
export function createReviewServices(
  { config, database: { db }, log }: { config: AppConfig; database: DatabaseHandle; log: FastifyBaseLogger },
  base: {
    mail: MailService
    audit: AuditService
    confirmationLinks: ConfirmationLinks
    uploads: UploadsService
  },
) {
  const repository = createReviewsRepository(db)
  const links = createReviewLinksRepository(db)
  const received = createReceivedItems(createOrderReceivedRepository(db))
  const unitOfWork = createUnitOfWork(db)
  const signingKey = () => base.confirmationLinks.signingKey()
  const reviews = createReviewsService({
    repository,
    links,
    received,
    unitOfWork,
    isReviewPhoto: (url, folder) => base.uploads.isUploadIn(url, folder),
    images: base.uploads,
    signingKey,
  })
  const reviewRequests = createReviewRequests({
    links,
    reviews: repository,
    received,
    unitOfWork,
    settings: createShopSettingsRepository(db),
    mail: base.mail,
    audit: base.audit,
    signingKey,
    publicUrl: config.publicUrl,
    log: log.child({ module: 'reviews' }),
  })
  return {
    reviews,
    reviewRequests,
    publishedReviews: createPublishedReviews(repository),
    reviewModeration: createReviewModeration({ repository, audit: base.audit }),
    /** Of `urls`, the photos reviews show: the uploads sweep keeps them. */
    reviewPhotosInUse: (urls: readonly string[]) => repository.photosInUse(urls),
  }
}

/** The images the catalogue or a review shows: the uploads sweep keeps them. */
export async function imagesInUseBy(
  urls: readonly string[],
  catalog: { imagesInUse(urls: readonly string[]): Promise<Set<string>> },
  reviews: { reviewPhotosInUse(urls: readonly string[]): Promise<Set<string>> },
): Promise<Set<string>> {
  const [ofCatalog, ofReviews] = await Promise.all([
    catalog.imagesInUse(urls),
    reviews.reviewPhotosInUse(urls),
  ])
  return new Set([...ofCatalog, ...ofReviews])
}
