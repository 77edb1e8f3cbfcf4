import { foodFormOf, nutritionJsonLd } from '../catalog/food-labelling.js'
import type { Package } from '../catalog/package.schemas.js'
import type { Product } from '../catalog/product.schemas.js'
import type { Recipe } from '../catalog/recipe.schemas.js'
import type { ItemReviews } from '../reviews/reviews.schemas.js'
import { prepTimeToIsoDuration } from './iso-duration.js'
import { absoluteUrl, largestImage, metaDescription, type PageHead, type SiteContext } from './page-head.js'
import { canonicalPaths } from './site-pages.js'

const SCHEMA = 'https://schema.org'
const IN_STOCK = 'https://schema.org/InStock'
const CURRENCY = 'ILS'

/** A product: one schema.org Offer per size, priced in shekels. */
export function productPageHead(site: SiteContext, product: Product, reviews?: ItemReviews): PageHead {
  const url = absoluteUrl(site.origin, canonicalPaths.product(product._id))
  const image = absoluteUrl(site.origin, largestImage(product.image))
  const description = metaDescription(product.shortDescription)
  return {
    title: site.pageTitle(product.name),
    description,
    url,
    isIndexable: true,
    type: 'product',
    image: { url: image, alt: product.name },
    siteName: site.siteName,
    structuredData: {
      '@context': SCHEMA,
      '@type': 'Product',
      '@id': url,
      name: product.name,
      description: product.shortDescription,
      image: [image],
      url,
      sku: product._id,
      ...(product.categories[0] ? { category: product.categories[0].nameInHebrew } : {}),
      offers: product.pricing.map((option) => offer(site, url, option.price, option.size.sizeName)),
      ...nutritionOf(product),
      ...ratingOf(reviews),
    },
  }
}

/** schema.org `nutrition`, only when the owner has entered the table (issue 18). */
function nutritionOf(product: Product) {
  const nutrition = product.labelling?.nutrition
  if (!nutrition) return {}
  const form = foodFormOf(product.categories.map((category) => category.nameInEnglish))
  return { nutrition: nutritionJsonLd(nutrition, form) }
}

/** Reviews shown in JSON-LD: the first page's newest ones. */
const JSON_LD_REVIEWS = 5

/**
 * schema.org `aggregateRating` and `review` (issue 36), only when there are published reviews:
 * Google ignores a rating with no reviews, and so would a shopper. The author is the name the
 * page shows (first name and initial).
 */
function ratingOf(reviews: ItemReviews | undefined) {
  if (!reviews || reviews.summary.count === 0) return {}
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average.toFixed(1),
      reviewCount: reviews.summary.count,
      bestRating: '5',
      worstRating: '1',
    },
    review: reviews.reviews.items.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      reviewRating: {
        '@type': 'Rating',
        ratingValue: String(review.rating),
        bestRating: '5',
        worstRating: '1',
      },
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.comment,
    })),
  }
}

/** A package is sold like a product: one Offer at its price. */
export function packagePageHead(
  site: SiteContext,
  pack: Package,
  fallbackDescription: string,
  reviews?: ItemReviews,
): PageHead {
  const url = absoluteUrl(site.origin, canonicalPaths.package(pack._id))
  const image = absoluteUrl(site.origin, largestImage(pack.image))
  const text = pack.description?.trim() || fallbackDescription
  return {
    title: site.pageTitle(pack.name),
    description: metaDescription(text),
    url,
    isIndexable: true,
    type: 'product',
    image: { url: image, alt: pack.name },
    siteName: site.siteName,
    structuredData: {
      '@context': SCHEMA,
      '@type': 'Product',
      '@id': url,
      name: pack.name,
      description: text,
      image: [image],
      url,
      sku: pack._id,
      offers: [offer(site, url, pack.price)],
      ...ratingOf(reviews),
    },
  }
}

/** A recipe: ingredients as text lines, steps as HowToStep, preparation time as ISO 8601. */
export function recipePageHead(site: SiteContext, recipe: Recipe): PageHead {
  const url = absoluteUrl(site.origin, canonicalPaths.recipe(recipe._id))
  const image = absoluteUrl(site.origin, largestImage(recipe.image))
  const prepTime = prepTimeToIsoDuration(recipe.prepTime)
  const steps = [...recipe.instructions].sort((a, b) => a.step - b.step)
  return {
    title: site.pageTitle(recipe.name),
    description: metaDescription(recipe.description),
    url,
    isIndexable: true,
    type: 'article',
    image: { url: image, alt: recipe.name },
    siteName: site.siteName,
    structuredData: {
      '@context': SCHEMA,
      '@type': 'Recipe',
      '@id': url,
      name: recipe.name,
      description: recipe.description,
      image: [image],
      url,
      inLanguage: 'he-IL',
      datePublished: recipe.createdAt,
      dateModified: recipe.updatedAt,
      author: { '@type': 'Organization', name: site.siteName },
      ...(prepTime ? { prepTime } : {}),
      recipeYield: String(recipe.servings),
      ...(recipe.categories.length > 0
        ? { recipeCategory: recipe.categories.map((category) => category.nameInHebrew).join(', ') }
        : {}),
      recipeIngredient: recipe.ingredients.map((ingredient) =>
        `${ingredient.quantity} ${ingredient.name}`.trim(),
      ),
      recipeInstructions: steps.map((step, index) => ({
        '@type': 'HowToStep',
        position: index + 1,
        text: step.description,
      })),
    },
  }
}

function offer(site: SiteContext, url: string, price: number, name?: string): object {
  return {
    '@type': 'Offer',
    ...(name ? { name } : {}),
    price: price.toFixed(2),
    priceCurrency: CURRENCY,
    availability: IN_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
    url,
    seller: { '@type': 'Organization', name: site.siteName },
  }
}
