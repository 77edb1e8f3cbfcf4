import { EMPTY_LABELLING, type AdminOrder, type Package, type Product, type Recipe } from '@tavlin/contracts'

/** Test data factories for the admin area: valid wire shapes, overridable per test. */
const at = '2026-03-14T10:00:00.000Z'

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'ברברה',
    shortDescription: 'תערובת תבלינים חריפה',
    image: '/uploads/products/berbere-640.webp',
    pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9 }],
    categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
    subCategories: [
      { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
    ],
    features: { value: [{ title: 'מקור', description: 'אתיופיה' }] },
    labelling: { ...EMPTY_LABELLING },
    redWarnings: [],
    isHidden: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  }
}

export function makeRecipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    name: 'מיסיר וואט',
    description: 'תבשיל עדשים אדומות',
    image: '/uploads/recipes/misir-640.webp',
    difficulty: 'Medium',
    prepTime: '45 דקות',
    servings: 4,
    categories: [{ nameInEnglish: 'stew', nameInHebrew: 'תבשיל' }],
    ingredients: [{ _id: 'i1', name: 'עדשים', quantity: '2 כוסות', existsInProducts: false }],
    instructions: [{ _id: 's1', step: 1, description: 'לבשל' }],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  }
}

export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    _id: '33333333-3333-4333-8333-333333333333',
    name: 'מארז אינג׳רה',
    image: '/uploads/packages/injera-640.webp',
    price: 89.9,
    cookingTime: 60,
    peoplesQuantity: 4,
    ingredientsQuantity: 2,
    items: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        productName: 'ברברה',
        sizeName: '100 גרם',
        quantity: 2,
      },
      {
        productId: '55555555-5555-4555-8555-555555555555',
        productName: 'קמח טף חום',
        sizeName: '1 ק״ג',
        quantity: 1,
      },
    ],
    createdAt: at,
    updatedAt: at,
    subCategories: [],
    ...overrides,
  }
}

export function makeOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: '44444444-4444-4444-8444-444444444444',
    number: 'TV-1001',
    delivery: null,
    tracking: null,
    customer: {
      firstName: 'נועה',
      lastName: 'כהן',
      email: 'noa@example.com',
      phone: '0501234567',
      address: { street: 'יפו', streetNum: '97', city: 'ירושלים', postal_code: '9434001' },
      notes: 'להשאיר ליד הדלת',
    },
    orderItems: [
      {
        itemId: 'p1',
        itemType: 'Product',
        item: { name: 'ברברה' },
        size: '100 גרם',
        quantity: 2,
        price: 24.9,
        lineTotal: 49.8,
      },
      {
        itemId: 'k1',
        itemType: 'Package',
        item: { name: 'מארז אינג׳רה' },
        size: 'package',
        quantity: 1,
        price: 89.9,
        lineTotal: 89.9,
      },
    ],
    orderStatus: 'paid',
    subtotal: 139.7,
    discount: 0,
    couponCode: null,
    shippingFee: 15,
    vat: 23.6,
    vatRate: 0.18,
    totalPrice: 154.7,
    erasedAt: null,
    erasureRequestedAt: null,
    needsReview: false,
    reviewReason: null,
    transactionUid: 'tx-123',
    payment: {
      cardHolderName: 'Noa Cohen',
      brandName: 'Visa',
      fourDigits: '4242',
      identificationNumber: '*****6789',
    },
    statusHistory: [
      { status: 'pending_payment', at: '2026-03-14T10:00:00.000Z', actorEmail: null },
      { status: 'paid', at: '2026-03-14T10:05:00.000Z', actorEmail: null },
    ],
    paidAt: '2026-03-14T10:05:00.000Z',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  }
}

/** An order whose customer was erased (a deleted account or the admin's erasure), as the API sends it. */
export function makeErasedOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return makeOrder({
    customer: {
      firstName: 'נמחק',
      lastName: '',
      email: 'erased-44444444-4444-4444-8444-444444444444@invalid',
      phone: '',
      address: { street: '', streetNum: '', city: '' },
    },
    erasedAt: '2026-03-20T08:00:00.000Z',
    payment: { cardHolderName: '***', brandName: 'Visa', fourDigits: '4242', identificationNumber: null },
    ...overrides,
  })
}
