import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../testing/admin-data'
import { fail, fakeApi, ok, page, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductForm } from './product-form'
import { ProductsTable } from './products-table'

const UPLOADED = '/uploads/products/new-640.webp'

beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onDone = vi.fn()
  const view = renderWithProviders(<ProductForm onDone={onDone} onCancel={vi.fn()} {...props} />)
  return { ...view, onDone, user: userEvent.setup({ applyAccept: false }) }
}

const save = () => screen.getByRole('button', { name: 'שמירה' })
const row = (name: string) => screen.getByRole('group', { name })

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('שם'), 'כורכום')
  await user.type(screen.getByLabelText('תיאור קצר'), 'כורכום טחון טרי')
  await user.upload(
    screen.getByTestId('image-upload-input'),
    new File(['x'], 'turmeric.png', { type: 'image/png' }),
  )
  await screen.findByText('הועלה')
  const price = row('אפשרות תמחור 1')
  await user.type(within(price).getByLabelText('שם הגודל'), '100 גרם')
  await user.type(within(price).getByLabelText('כמות (בגרם או יחידות)'), '100')
  await user.type(within(price).getByLabelText('מחיר (₪)'), '19.90')
  await user.click(screen.getByRole('checkbox', { name: 'תבלינים' }))
  const feature = row('מאפיין 1')
  await user.type(within(feature).getByLabelText('כותרת'), 'מקור')
  await user.type(within(feature).getByLabelText('תיאור'), 'הודו')
}

describe('product form rules (spec §5)', () => {
  it('shows every required-field message in Hebrew and sends nothing', async () => {
    const api = fakeApi()
    const { user } = renderForm()
    await user.click(save())

    expect(await screen.findByText('נא להזין שם')).toBeInTheDocument()
    expect(screen.getByText('התיאור הקצר צריך להכיל לפחות 5 תווים')).toBeInTheDocument()
    expect(screen.getByText('יש להעלות תמונה')).toBeInTheDocument()
    expect(screen.getByText('נא להזין שם גודל')).toBeInTheDocument()
    expect(screen.getByText('כמות הגודל חייבת להיות חיובית')).toBeInTheDocument()
    expect(screen.getByText('המחיר חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.getByText('נא לבחור לפחות קטגוריה אחת')).toBeInTheDocument()
    expect(screen.getByText('נא להזין כותרת')).toBeInTheDocument()
    expect(screen.getByText('נא להזין תיאור')).toBeInTheDocument()
    expect(screen.getByLabelText('שם')).toHaveFocus()
    expect(api.calls).toHaveLength(0)
  })

  it('limits the short description to 1000 characters and rejects zero or negative numbers', async () => {
    fakeApi()
    const { user } = renderForm()
    await user.click(screen.getByLabelText('תיאור קצר'))
    await user.paste('א'.repeat(1001))
    const price = row('אפשרות תמחור 1')
    await user.type(within(price).getByLabelText('כמות (בגרם או יחידות)'), '0')
    await user.type(within(price).getByLabelText('מחיר (₪)'), '-5')
    await user.click(save())
    expect(await screen.findByText('התיאור הקצר לא יכול לעבור 1000 תווים')).toBeInTheDocument()
    expect(within(price).getByText('כמות הגודל חייבת להיות חיובית')).toBeInTheDocument()
    expect(within(price).getByText('המחיר חייב להיות חיובי')).toBeInTheDocument()
  })

  it('requires at least one pricing option and one feature', async () => {
    fakeApi()
    const { user } = renderForm()
    await user.click(screen.getByRole('button', { name: 'הסרת אפשרות תמחור 1' }))
    await user.click(screen.getByRole('button', { name: 'הסרת מאפיין 1' }))
    await user.click(save())
    expect(await screen.findByText('נדרשת לפחות אפשרות תמחור אחת')).toBeInTheDocument()
    expect(screen.getByText('נדרש לפחות מאפיין אחד')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'הוספת אפשרות תמחור' }))
    expect(row('אפשרות תמחור 1')).toBeInTheDocument()
  })

  it('offers subcategories only under a selected parent and drops them when it is deselected', async () => {
    fakeApi()
    const { user } = renderForm()
    expect(screen.queryByRole('checkbox', { name: 'קפה' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'משקאות' }))
    await user.click(screen.getByRole('checkbox', { name: 'קפה' }))
    expect(screen.getByRole('checkbox', { name: 'קפה' })).toBeChecked()

    await user.click(screen.getByRole('checkbox', { name: 'משקאות' }))
    expect(screen.queryByRole('checkbox', { name: 'קפה' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'משקאות' }))
    expect(screen.getByRole('checkbox', { name: 'קפה' })).not.toBeChecked()
  })

  it('adds a product with numbers as numbers, then resets, thanks and returns to the list', async () => {
    let release: () => void = () => {}
    const api = fakeApi({
      'POST /api/upload/images': () => ok({ url: UPLOADED }),
      'POST /api/products': ({ body }) =>
        new Promise((resolve) => (release = () => resolve(ok(makeProduct(body as object), 201)))),
    })
    const { user, onDone } = renderForm()
    await fillValidProduct(user)
    await user.click(screen.getByRole('checkbox', { name: 'תבלינים' }))
    await user.click(screen.getByRole('checkbox', { name: 'תבלינים' }))
    await user.click(screen.getByRole('checkbox', { name: 'תבליני בסיס' }))
    // Perishable goods cannot be cancelled once shipped, as the terms say: the owner marks them (issue 35).
    await user.click(screen.getByRole('checkbox', { name: 'מוצר פסיד (טובין פסידים)' }))
    await user.click(save())

    expect(await screen.findByRole('button', { name: 'שומרים…' })).toBeDisabled()
    expect(screen.getByRole('status', { name: 'טוען…' })).toBeInTheDocument()
    release()
    expect(await screen.findByText('המוצר נוסף בהצלחה')).toBeInTheDocument()
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('שם')).toHaveValue('')
    expect(screen.queryByRole('img', { name: 'תצוגה מקדימה של turmeric.png' })).not.toBeInTheDocument()
    expect(api.callsTo('POST /api/products')[0]?.body).toEqual({
      name: 'כורכום',
      nameInEnglish: '',
      shortDescription: 'כורכום טחון טרי',
      image: UPLOADED,
      // An empty stock field: not tracked (issue 19).
      pricing: [{ size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 19.9, stock: null }],
      categories: [{ nameInEnglish: 'spices', nameInHebrew: 'תבלינים' }],
      subCategories: [{ nameInEnglish: 'base', nameInHebrew: 'תבליני בסיס', nameOfParentCategory: 'spices' }],
      features: { value: [{ title: 'מקור', description: 'הודו' }] },
      labelling: {
        ingredients: '',
        allergens: [],
        mayContain: [],
        nutrition: null,
        countryOfOrigin: '',
        storage: '',
      },
      perishable: true,
      isHidden: false,
    })
  })

  it('keeps what was typed on failure, says so in a Hebrew toast and maps 400 details onto fields', async () => {
    fakeApi({
      'POST /api/upload/images': () => ok({ url: UPLOADED }),
      'POST /api/products': () =>
        fail(400, 'VALIDATION_ERROR', 'Request validation failed', [
          { field: 'body.pricing.0.price', message: 'validation.tooManyDecimals' },
        ]),
    })
    const { user, onDone } = renderForm()
    await fillValidProduct(user)
    await user.click(save())

    // Spec §8: a toast with the error message, in Hebrew (DESIGN §5), never the server's English.
    expect(
      await screen.findByText('השמירה נכשלה: חלק מהפרטים אינם תקינים. נא לבדוק ולתקן.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Request validation failed/)).not.toBeInTheDocument()
    expect(within(row('אפשרות תמחור 1')).getByText('עד שתי ספרות אחרי הנקודה')).toBeInTheDocument()
    expect(within(row('אפשרות תמחור 1')).getByLabelText('מחיר (₪)')).toHaveFocus()
    expect(screen.getByLabelText('שם')).toHaveValue('כורכום')
    expect(onDone).not.toHaveBeenCalled()
  })

  it('edits an existing product with PUT, starting from its values', async () => {
    const product = makeProduct()
    const api = fakeApi({
      [`PUT /api/products/${product._id}`]: ({ body }) => ok(makeProduct(body as object)),
    })
    const { user, onDone } = renderForm({ product })
    expect(screen.getByLabelText('שם')).toHaveValue('ברברה')
    expect(screen.getByRole('checkbox', { name: 'תערובות תבלינים' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'מוצר פסיד (טובין פסידים)' })).not.toBeChecked()
    await user.clear(screen.getByLabelText('שם'))
    await user.type(screen.getByLabelText('שם'), 'ברברה חריפה')
    await user.click(save())

    expect(await screen.findByText('המוצר עודכן בהצלחה')).toBeInTheDocument()
    expect(onDone).toHaveBeenCalled()
    expect(api.callsTo(`PUT /api/products/${product._id}`)[0]?.body).toMatchObject({
      name: 'ברברה חריפה',
      image: product.image,
      pricing: product.pricing,
      perishable: false,
      isHidden: false,
    })
  })

  it('hides a product from the shop with the "מוסתר מהחנות" switch, and shows a hidden one again', async () => {
    const product = makeProduct({ isHidden: true })
    const api = fakeApi({
      [`PUT /api/products/${product._id}`]: ({ body }) => ok(makeProduct(body as object)),
    })
    const { user } = renderForm({ product })
    const toggle = screen.getByRole('switch', { name: 'מוסתר מהחנות' })
    expect(toggle).toBeChecked()
    expect(screen.getByText(/אינו מופיע בחנות, בחיפוש ובמפת האתר/)).toBeInTheDocument()
    await user.click(toggle)
    await user.click(save())
    expect(await screen.findByText('המוצר עודכן בהצלחה')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/products/${product._id}`)[0]?.body).toMatchObject({ isHidden: false })
  })
})

describe('products table', () => {
  it('lists 20 a page with index, image, name, categories and prices, and filters by category and text', async () => {
    const api = fakeApi({
      'GET /api/admin/products': ({ query }) =>
        query.get('page') === '2'
          ? page([makeProduct({ _id: 'b', name: 'שירו' })], 2, 2)
          : page([makeProduct()], 1, 2),
    })
    const { user } = renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    const table = await screen.findByRole('table', { name: 'מוצרים' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['בחירה', '#', 'תמונה', 'שם', 'בחנות', 'קטגוריות', 'מחירים', 'מלאי', 'סימון מזון', 'פעולות'])
    expect(within(table).getByText('⚠ סימון חסר')).toBeInTheDocument()
    expect(within(table).getByRole('rowheader', { name: 'ברברה' })).toBeInTheDocument()
    expect(within(table).getAllByRole('listitem')[0]).toHaveTextContent('100 גרם: 24.90 ₪')
    expect(within(table).getAllByRole('listitem')[1]).toHaveTextContent('100 גרם: ללא מעקב')
    expect(api.callsTo('GET /api/admin/products')[0]?.query.get('limit')).toBe('20')

    expect(screen.getByRole('button', { name: 'הקודם' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'הבא' }))
    expect(await screen.findByRole('rowheader', { name: 'שירו' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '21' })).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('קטגוריה'), 'flours')
    await user.type(screen.getByLabelText('חיפוש לפי שם'), 'טף')
    await waitFor(
      () =>
        expect(
          api.calls.some(
            (call) =>
              call.query.get('category') === 'flours' &&
              call.query.get('filter') === 'טף' &&
              call.query.get('page') === '1',
          ),
        ).toBe(true),
      { timeout: 3000 },
    )
  })

  it('deletes through the confirmation modal, toasts and refreshes; cancel forgets the action', async () => {
    let items = [makeProduct()]
    const api = fakeApi({
      'GET /api/admin/products': () => page(items),
      [`DELETE /api/products/${makeProduct()._id}`]: () => {
        items = []
        return ok({ _id: makeProduct()._id })
      },
    })
    const { user } = renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    await user.click(await screen.findByRole('button', { name: 'מחיקה: ברברה' }))
    let dialog = screen.getByRole('alertdialog', { name: 'אישור מחיקה' })
    expect(within(dialog).getByText('האם למחוק את "ברברה"? לא ניתן לבטל פעולה זו.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'ביטול' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(api.callsTo(`DELETE /api/products/${makeProduct()._id}`)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'מחיקה: ברברה' }))
    dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'מחיקה' }))
    expect(await screen.findByText('המוצר נמחק בהצלחה')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(await screen.findByText('אין פריטים להצגה')).toBeInTheDocument()
    expect(api.callsTo(`DELETE /api/products/${makeProduct()._id}`)).toHaveLength(1)
  })

  it('tells the admin when a delete fails', async () => {
    fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      [`DELETE /api/products/${makeProduct()._id}`]: () => fail(403, 'FORBIDDEN', 'Admins only'),
    })
    const { user } = renderWithProviders(<ProductsTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    await user.click(await screen.findByRole('button', { name: 'מחיקה: ברברה' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'מחיקה' }))
    expect(await screen.findByText('מחיקת המוצר נכשלה')).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'ברברה' })).toBeInTheDocument()
  })
})
