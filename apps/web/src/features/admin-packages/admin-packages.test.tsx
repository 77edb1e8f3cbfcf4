import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expectLabelsInNames } from '../../testing/label-in-name'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makePackage, makeProduct, makeRecipe } from '../../testing/admin-data'
import { fail, fakeApi, ok, page, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { PackageForm } from './package-form'
import { PackagesTable } from './packages-table'

beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

function renderForm(props: Partial<Parameters<typeof PackageForm>[0]> = {}) {
  const onDone = vi.fn()
  const view = renderWithProviders(<PackageForm onDone={onDone} onCancel={vi.fn()} {...props} />)
  return { ...view, onDone, user: userEvent.setup({ applyAccept: false }) }
}
const save = () => screen.getByRole('button', { name: 'שמירה' })

const berbere = makeProduct({
  pricing: [
    { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9 },
    { size: { sizeName: '250 גרם', sizeQuantity: 250 }, price: 52.5 },
  ],
})

const doroWat = makeRecipe({ _id: '22222222-2222-4222-8222-222222222222', name: 'דורו ווט' })
const MISIR_ID = '44444444-4444-4444-8444-444444444444'

describe('package form rules (spec §5)', () => {
  it('checks on submit: name, image, every number at least 1 and the contents', async () => {
    const api = fakeApi({ 'GET /api/admin/products': () => page([makeProduct()]) })
    const { user } = renderForm()
    expect(screen.queryByText('נא להזין שם')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('זמן בישול (דקות)'), '0')
    await user.type(screen.getByLabelText('מספר סועדים'), '-2')
    await user.click(save())

    expect(await screen.findByText('נא להזין שם')).toBeInTheDocument()
    expect(screen.getByText('יש להעלות תמונה')).toBeInTheDocument()
    expect(screen.getByText('המחיר חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.getByText('זמן הבישול חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.getByText('מספר הסועדים חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.getByText('נא לבחור מוצר')).toBeInTheDocument()
    expect(screen.getByText('נא לבחור גודל')).toBeInTheDocument()
    expect(api.callsTo('POST /api/packages')).toHaveLength(0)
  })

  it('refuses a price below 1 ₪ with "the price must be positive"', async () => {
    const api = fakeApi()
    const { user } = renderForm()
    await user.type(screen.getByLabelText('מחיר (₪)'), '0.5')
    await user.click(save())
    expect(await screen.findByText('המחיר חייב להיות חיובי')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('מחיר (₪)'))
    await user.type(screen.getByLabelText('מחיר (₪)'), '1')
    await user.click(save())
    await vi.waitFor(() => expect(screen.queryByText('המחיר חייב להיות חיובי')).not.toBeInTheDocument())
    expect(api.callsTo('POST /api/packages')).toHaveLength(0)
  })

  it('adds a package with its contents and number inputs converted to numbers', async () => {
    const api = fakeApi({
      'GET /api/admin/products': () => page([berbere]),
      'POST /api/upload/images': () => ok({ url: '/uploads/packages/p-640.webp' }),
      'POST /api/packages': () => ok(makePackage(), 201),
    })
    const { user, onDone } = renderForm()
    await user.type(screen.getByLabelText('שם'), 'מארז קפה')
    await user.upload(
      screen.getByTestId('image-upload-input'),
      new File(['x'], 'coffee.webp', { type: 'image/webp' }),
    )
    await screen.findByText('הועלה')
    await user.type(screen.getByLabelText('מחיר (₪)'), '120.50')
    await user.type(screen.getByLabelText('זמן בישול (דקות)'), '30')
    await user.type(screen.getByLabelText('מספר סועדים'), '6')
    // Choosing a product offers its sizes and starts in the first one.
    await user.selectOptions(await screen.findByLabelText('מוצר 1'), 'ברברה')
    const size = screen.getByLabelText('גודל מוצר 1')
    expect(size).toHaveValue('100 גרם')
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['בחירת גודל…', '100 גרם', '250 גרם'])
    await user.selectOptions(size, '250 גרם')
    await user.clear(screen.getByLabelText('כמות מוצר 1'))
    await user.type(screen.getByLabelText('כמות מוצר 1'), '2')
    // Spec §3's subcategories of "packages" are the package's kinds.
    const kinds = screen.getByRole('group', { name: 'סוג המארז' })
    expect(
      within(kinds)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['אינג׳רה', 'אפייה', 'קינוחים', 'תבשילים'])
    await user.click(within(kinds).getByRole('checkbox', { name: 'קינוחים' }))
    await user.click(within(kinds).getByRole('checkbox', { name: 'אפייה' }))
    await user.click(within(kinds).getByRole('checkbox', { name: 'קינוחים' }))
    await user.click(save())

    expect(await screen.findByText('המארז נוסף בהצלחה')).toBeInTheDocument()
    expect(onDone).toHaveBeenCalled()
    expect(api.callsTo('POST /api/packages')[0]?.body).toEqual({
      name: 'מארז קפה',
      description: '',
      image: '/uploads/packages/p-640.webp',
      price: 120.5,
      cookingTime: 30,
      peoplesQuantity: 6,
      items: [{ productId: makeProduct()._id, sizeName: '250 גרם', quantity: 2 }],
      // An empty stock field: not tracked (issue 19).
      stock: null,
      subCategories: [{ nameInEnglish: 'baking', nameInHebrew: 'אפייה', nameOfParentCategory: 'packages' }],
    })
  })

  it('edits the contents: rows keep their products, a row can be added and removed', async () => {
    const pkg = makePackage()
    const api = fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      [`PUT /api/packages/${pkg._id}`]: () => ok(pkg),
    })
    const { user } = renderForm({ pkg })
    // קמח טף חום is not on the picker's page, yet its row keeps it.
    expect(await screen.findByLabelText('מוצר 2')).toHaveDisplayValue('קמח טף חום')
    expect(screen.getByLabelText('גודל מוצר 2')).toHaveValue('1 ק״ג')
    await user.click(screen.getByRole('button', { name: 'הוספת מוצר למארז' }))
    expect(screen.getByLabelText('מוצר 3')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'הסרת מוצר 3 מהמארז' }))
    await user.click(screen.getByRole('button', { name: 'הסרת מוצר 1 מהמארז' }))
    await user.click(save())
    expect(await screen.findByText('המארז עודכן בהצלחה')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/packages/${pkg._id}`)[0]?.body).toMatchObject({
      items: [{ productId: pkg.items[1]!.productId, sizeName: '1 ק״ג', quantity: 1 }],
    })
  })

  it("shows the server's Hebrew message on the row it names", async () => {
    const pkg = makePackage()
    fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      [`PUT /api/packages/${pkg._id}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'Invalid', [
          { field: 'body.items.1.sizeName', message: 'validation.packageItemSizeNotFound' },
        ]),
    })
    const { user } = renderForm({ pkg })
    await screen.findByLabelText('מוצר 2')
    await user.click(save())
    expect(await screen.findByText('למוצר הזה אין גודל כזה')).toBeInTheDocument()
  })

  it('a failed save is a Hebrew toast: a lapsed sign-in reads as such, not as "Sign-in required"', async () => {
    const pkg = makePackage()
    fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      [`PUT /api/packages/${pkg._id}`]: () => fail(401, 'UNAUTHORIZED', 'Sign-in required'),
    })
    const { user, onDone } = renderForm({ pkg })
    await user.click(save())
    expect(await screen.findByText('השמירה נכשלה: החיבור פג. נא להתחבר שוב.')).toBeInTheDocument()
    expect(screen.queryByText(/Sign-in required/)).not.toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('links a recipe chosen from the recipes, and says so when the server no longer has it', async () => {
    const api = fakeApi({
      'GET /api/admin/products': () => page([berbere]),
      'GET /api/recipes': () => page([doroWat, makeRecipe({ _id: MISIR_ID, name: 'מיסיר ווט' })]),
      'POST /api/upload/images': () => ok({ url: '/uploads/packages/p-640.webp' }),
      'POST /api/packages': () =>
        fail(400, 'VALIDATION_ERROR', 'Invalid', [
          { field: 'body.recipeId', message: 'validation.recipeNotFound' },
        ]),
    })
    const { user } = renderForm()
    await user.type(screen.getByLabelText('שם'), 'מארז קפה')
    await user.upload(
      screen.getByTestId('image-upload-input'),
      new File(['x'], 'coffee.webp', { type: 'image/webp' }),
    )
    await screen.findByText('הועלה')
    await user.type(screen.getByLabelText('מחיר (₪)'), '120')
    await user.type(screen.getByLabelText('זמן בישול (דקות)'), '30')
    await user.type(screen.getByLabelText('מספר סועדים'), '6')
    await user.selectOptions(await screen.findByLabelText('מוצר 1'), 'ברברה')
    const recipe = screen.getByLabelText('המתכון של המארז')
    expect(recipe).toHaveValue('')
    await screen.findByRole('option', { name: 'מיסיר ווט' })
    expect(
      within(recipe)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ללא מתכון', 'דורו ווט', 'מיסיר ווט'])
    await user.selectOptions(recipe, 'מיסיר ווט')
    await user.click(save())
    expect(await screen.findByText('המתכון המקושר לא נמצא')).toBeInTheDocument()
    expect(api.callsTo('POST /api/packages')[0]?.body).toMatchObject({ recipeId: MISIR_ID })
  })

  it('keeps the linked recipe when editing', async () => {
    const pkg = makePackage({ recipeId: doroWat._id, recipeName: 'דורו ווט' })
    const api = fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      'GET /api/recipes': () => page([makeRecipe({ _id: MISIR_ID, name: 'מיסיר ווט' }), doroWat]),
      [`PUT /api/packages/${pkg._id}`]: () => ok(pkg),
    })
    const { user } = renderForm({ pkg })
    const recipe = screen.getByLabelText('המתכון של המארז')
    expect(recipe).toHaveDisplayValue('דורו ווט')
    await screen.findByRole('option', { name: 'מיסיר ווט' })
    expect(recipe).toHaveDisplayValue('דורו ווט')
    await user.click(save())
    expect(await screen.findByText('המארז עודכן בהצלחה')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/packages/${pkg._id}`)[0]?.body).toMatchObject({
      price: 89.9,
      recipeId: doroWat._id,
    })
  })

  it('"ללא מתכון" unlinks the recipe (PUT replaces the package)', async () => {
    const pkg = makePackage({ recipeId: doroWat._id, recipeName: 'דורו ווט' })
    const api = fakeApi({
      'GET /api/admin/products': () => page([makeProduct()]),
      'GET /api/recipes': () => page([doroWat]),
      [`PUT /api/packages/${pkg._id}`]: () => ok(pkg),
    })
    const { user } = renderForm({ pkg })
    await user.selectOptions(screen.getByLabelText('המתכון של המארז'), 'ללא מתכון')
    await user.click(save())
    expect(await screen.findByText('המארז עודכן בהצלחה')).toBeInTheDocument()
    const body = api.callsTo(`PUT /api/packages/${pkg._id}`)[0]?.body as Record<string, unknown>
    expect(body.recipeId).toBeUndefined()
  })
})

describe('packages table', () => {
  it('shows the spec headings with ₪ and asks for 20 a page', async () => {
    const api = fakeApi({ 'GET /api/packages': () => page([makePackage()]) })
    renderWithProviders(<PackagesTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    const table = await screen.findByRole('table', { name: 'מארזים' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'תמונה', 'שם המארז', 'מחיר (₪)', 'מלאי', 'מספר סועדים', 'מספר מרכיבים', 'פעולות'])
    expect(within(table).getByText('89.90 ₪')).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: '2' })).toBeInTheDocument()
    expect(api.calls[0]?.query.get('limit')).toBe('20')
  })

  it('edit and add call back to the route', async () => {
    fakeApi({ 'GET /api/packages': () => page([makePackage()]) })
    const onEdit = vi.fn()
    const onAdd = vi.fn()
    const { user } = renderWithProviders(<PackagesTable onAdd={onAdd} onEdit={onEdit} />)
    await user.click(await screen.findByRole('button', { name: 'עריכה: מארז אינג׳רה' }))
    expect(screen.getByRole('button', { name: 'מחיקה: מארז אינג׳רה' })).toHaveTextContent('מחיקה')
    expectLabelsInNames()
    expect(onEdit).toHaveBeenCalledWith(makePackage()._id)
    await user.click(screen.getByRole('button', { name: 'הוספת מארז' }))
    expect(onAdd).toHaveBeenCalled()
  })
})
