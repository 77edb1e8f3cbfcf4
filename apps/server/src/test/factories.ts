import { PACKAGE_SIZE, type GenerateSaleRequest } from '@tavlin/contracts'
import type { Database } from '../db/client.js'
import { packages, productSizes, products } from '../db/schema/index.js'

let counter = 0

/** A product with two sizes and a package, straight into the tables (the catalogue API is another module). */
export async function seedCatalogue(db: Database) {
  counter += 1
  const [product] = await db
    .insert(products)
    .values({
      name: `ברברה ${counter}`,
      shortDescription: 'תערובת תבלינים חריפה',
      image: '/uploads/berbere.webp',
    })
    .returning()
  await db.insert(productSizes).values([
    { productId: product!.id, position: 0, sizeName: '100 גרם', sizeQuantity: 100, priceAgorot: 2490 },
    { productId: product!.id, position: 1, sizeName: '250 גרם', sizeQuantity: 250, priceAgorot: 5250 },
  ])
  const [pack] = await db
    .insert(packages)
    .values({
      name: `מארז אינג׳רה ${counter}`,
      image: '/uploads/injera.webp',
      priceAgorot: 12000,
      cookingTime: 60,
      peoplesQuantity: 4,
    })
    .returning()
  return { productId: product!.id, packageId: pack!.id, productName: product!.name }
}

// Frozen: the test files of a worker share this module (isolate: false, decision 295), so a
// test that changed the customer would change it for the files after it.
type Customer = GenerateSaleRequest['customer']
const customer: Customer = {
  firstName: 'נועה',
  lastName: 'כהן',
  email: 'noa@example.com',
  phone: '0501234567',
  address: { street: 'הרצל', streetNum: '12', city: 'תל אביב', postal_code: '6100000' },
  notes: 'להשאיר ליד הדלת',
}
export const testCustomer: Readonly<Customer> = Object.freeze({
  ...customer,
  address: Object.freeze(customer.address),
})

/** 2 × 24.90 + 1 × 120 + 15 shipping = 184.80 */
export function saleRequest(
  ids: { productId: string; packageId: string },
  overrides: Partial<GenerateSaleRequest> = {},
): GenerateSaleRequest {
  return {
    orderItems: [
      { itemId: ids.productId, itemType: 'Product', size: '100 גרם', quantity: 2, price: 24.9 },
      { itemId: ids.packageId, itemType: 'Package', size: PACKAGE_SIZE, quantity: 1, price: 120 },
    ],
    totalPrice: 184.8,
    customer: { ...testCustomer, address: { ...testCustomer.address } },
    ...overrides,
  }
}
