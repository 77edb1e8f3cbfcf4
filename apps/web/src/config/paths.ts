/** Typed path builders: links and routes never spell a path by hand. */
export const paths = {
  home: '/',
  about: '/about',
  products: '/products',
  productsIn: (category: string) => `/products?category=${category}`,
  productInfo: (productId: string) => `/products/${productId}/info`,
  product: (productId: string) => `/products/${productId}`,
  recipes: '/recipes',
  recipe: (recipeId: string) => `/recipes/${recipeId}`,
  /** The recipes with an ingredient sold as this product ("מתכונים עם המוצר"). */
  recipesWithProduct: (productId: string) => `/recipes?productId=${productId}`,
  events: '/events',
  packages: '/packages',
  packageInfo: (packageId: string) => `/packages/${packageId}/info`,
  package: (packageId: string) => `/packages/${packageId}`,
  checkout: '/checkout',
  paymentPending: '/checkout/payment-pending',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  accessibility: '/accessibility',
  shipping: '/shipping',
  /** The cancellation form (ביטול עסקה), linked from the footer and the home page. */
  cancelOrder: '/cancel-order',
  admin: '/admin',
  /** "החשבון שלי" (issue 22); its orders section has the anchor `orders`. */
  account: '/account',
  accountOrders: '/account#orders',
  accountOrder: (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}`,
  thankYou: '/thank-you',
} as const
