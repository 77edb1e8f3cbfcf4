import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../testing/admin-data'
import { fakeApi, ok, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductForm } from './product-form'

beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

const product = makeProduct()
const save = () => screen.getByRole('button', { name: 'שמירה' })
const group = (name: string) => screen.getByRole('group', { name })

function renderForm() {
  const onDone = vi.fn()
  renderWithProviders(<ProductForm product={product} onDone={onDone} onCancel={vi.fn()} />)
  return { onDone, user: userEvent.setup() }
}

const VALUES: Array<[string, string]> = [
  ['אנרגיה (קלוריות)', '293'],
  ['חלבונים (גרם)', '12'],
  ['פחמימות (גרם)', '32'],
  ['מתוכן סוכרים (גרם)', '9'],
  ['שומנים (גרם)', '11'],
  ['מתוכם שומן רווי (גרם)', '1.9'],
  ['נתרן (מ״ג)', '2400'],
  ['סיבים תזונתיים (גרם)', '26'],
]

describe('food labelling in the product form (issue 18)', () => {
  it('sends ingredients, allergens, may contain, the eight values as numbers, origin and storage', async () => {
    const api = fakeApi({
      [`PUT /api/products/${product._id}`]: ({ body }) => ok(makeProduct(body as object)),
    })
    const { user, onDone } = renderForm()
    await user.type(screen.getByLabelText('רשימת רכיבים'), 'פלפל צ׳ילי, מלח')
    await user.click(within(group('אלרגנים שהמוצר מכיל')).getByRole('checkbox', { name: 'שומשום' }))
    await user.click(within(group('עלול להכיל')).getByRole('checkbox', { name: 'חרדל' }))
    for (const [label, value] of VALUES) await user.type(screen.getByLabelText(label), value)
    await user.type(screen.getByLabelText('ארץ ייצור'), 'אתיופיה')
    await user.type(screen.getByLabelText('הוראות אחסון'), 'במקום קריר')
    await user.click(save())

    expect(await screen.findByText('המוצר עודכן בהצלחה')).toBeInTheDocument()
    expect(onDone).toHaveBeenCalled()
    expect(api.callsTo(`PUT /api/products/${product._id}`)[0]?.body).toMatchObject({
      labelling: {
        ingredients: 'פלפל צ׳ילי, מלח',
        allergens: ['sesame'],
        mayContain: ['mustard'],
        nutrition: {
          energyKcal: 293,
          proteinGrams: 12,
          carbohydrateGrams: 32,
          sugarGrams: 9,
          fatGrams: 11,
          saturatedFatGrams: 1.9,
          sodiumMilligrams: 2400,
          fibreGrams: 26,
        },
        countryOfOrigin: 'אתיופיה',
        storage: 'במקום קריר',
      },
    })
  })

  it('asks for every value once one is typed, and explains impossible values in Hebrew', async () => {
    const api = fakeApi()
    const { user } = renderForm()
    await user.type(screen.getByLabelText('פחמימות (גרם)'), '5')
    await user.click(save())
    expect(await screen.findAllByText('נא להזין מספר שאינו שלילי')).toHaveLength(7)

    for (const [label, value] of VALUES) {
      await user.clear(screen.getByLabelText(label))
      await user.type(screen.getByLabelText(label), value)
    }
    await user.clear(screen.getByLabelText('מתוכן סוכרים (גרם)'))
    await user.type(screen.getByLabelText('מתוכן סוכרים (גרם)'), '40')
    await user.click(save())
    expect(await screen.findByText('הסוכרים אינם יכולים לעלות על הפחמימות')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })
})
