import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct, makeRecipe } from '../../testing/admin-data'
import { fail, fakeApi, ok, page, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { RecipeForm } from './recipe-form'
import { RecipesTable } from './recipes-table'

const UPLOADED = '/uploads/recipes/new-640.webp'
const berbere = makeProduct()

beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

function renderForm(props: Partial<Parameters<typeof RecipeForm>[0]> = {}) {
  const onDone = vi.fn()
  const view = renderWithProviders(<RecipeForm onDone={onDone} onCancel={vi.fn()} {...props} />)
  return { ...view, onDone, user: userEvent.setup({ applyAccept: false }) }
}
const save = () => screen.getByRole('button', { name: 'שמירה' })

describe('recipe form rules (spec §5)', () => {
  it('starts with one blank ingredient and instruction row that cannot be removed', async () => {
    fakeApi({ 'GET /api/admin/products': () => page([berbere]) })
    const { user } = renderForm()
    expect(screen.getByLabelText('שם מרכיב 1')).toHaveValue('')
    expect(screen.getByLabelText('שלב 1')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'הסרת מרכיב 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'הסרת שלב 1' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'הוספת מרכיב' }))
    await user.type(screen.getByLabelText('שם מרכיב 2'), 'בצל')
    expect(screen.getByRole('button', { name: 'הסרת מרכיב 1' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'הסרת מרכיב 1' }))
    expect(screen.getByLabelText('שם מרכיב 1')).toHaveValue('בצל')
    expect(screen.queryByLabelText('מרכיב 2')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'הסרת מרכיב 1' })).toBeDisabled()
  })

  it('shows every rule in Hebrew and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/admin/products': () => page([berbere]) })
    const { user } = renderForm()
    await user.type(screen.getByLabelText('מספר מנות'), '0')
    await user.click(save())

    expect(await screen.findByText('נא להזין שם')).toBeInTheDocument()
    expect(screen.getByText('נא להזין תיאור')).toBeInTheDocument()
    expect(screen.getByText('יש להעלות תמונה')).toBeInTheDocument()
    expect(screen.getByText('נא לבחור רמת קושי: קל, בינוני או קשה')).toBeInTheDocument()
    expect(screen.getByText('נא להזין זמן הכנה')).toBeInTheDocument()
    expect(screen.getByText('מספר המנות חייב להיות חיובי')).toBeInTheDocument()
    expect(screen.getByText('נא לבחור לפחות קטגוריה אחת')).toBeInTheDocument()
    expect(screen.getByText('נא להזין שם מרכיב')).toBeInTheDocument()
    expect(screen.getByText('נא להזין כמות')).toBeInTheDocument()
    expect(screen.getByText('נא לתאר את שלב ההכנה')).toBeInTheDocument()
    expect(api.callsTo('POST /api/recipes')).toHaveLength(0)
  })

  it('adds a recipe with a linked ingredient and servings as a number, then resets and returns', async () => {
    const api = fakeApi({
      'GET /api/admin/products': () => page([berbere]),
      'POST /api/upload/images': () => ok({ url: UPLOADED }),
      'POST /api/recipes': () => ok(makeRecipe(), 201),
    })
    const { user, onDone } = renderForm()
    await user.type(screen.getByLabelText('שם'), 'דורו וואט')
    await user.type(screen.getByLabelText('תיאור'), 'תבשיל עוף חריף')
    await user.upload(
      screen.getByTestId('image-upload-input'),
      new File(['x'], 'doro.png', { type: 'image/png' }),
    )
    await screen.findByText('הועלה')
    await user.selectOptions(screen.getByLabelText('רמת קושי'), 'Hard')
    await user.type(screen.getByLabelText('זמן הכנה'), 'שעתיים')
    await user.type(screen.getByLabelText('מספר מנות'), '6')
    await user.click(screen.getByRole('checkbox', { name: 'תבשיל' }))
    await user.type(screen.getByLabelText('שם מרכיב 1'), 'ברברה')
    await user.type(screen.getByLabelText('כמות למרכיב 1'), '3 כפות')
    await user.selectOptions(await screen.findByLabelText('מוצר מקושר למרכיב 1'), 'ברברה')
    await user.click(screen.getByRole('button', { name: 'הוספת מרכיב' }))
    await user.type(screen.getByLabelText('שם מרכיב 2'), 'בצל')
    await user.type(screen.getByLabelText('כמות למרכיב 2'), '4')
    await user.type(screen.getByLabelText('שלב 1'), 'לקצוץ בצל')
    await user.click(save())

    expect(await screen.findByText('המתכון נוסף בהצלחה')).toBeInTheDocument()
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('שם')).toHaveValue('')
    expect(api.callsTo('POST /api/recipes')[0]?.body).toEqual({
      name: 'דורו וואט',
      description: 'תבשיל עוף חריף',
      image: UPLOADED,
      difficulty: 'Hard',
      prepTime: 'שעתיים',
      servings: 6,
      categories: [{ nameInEnglish: 'stew', nameInHebrew: 'תבשיל' }],
      ingredients: [
        { name: 'ברברה', quantity: '3 כפות', productId: berbere._id },
        { name: 'בצל', quantity: '4' },
      ],
      instructions: [{ description: 'לקצוץ בצל' }],
    })
  })

  it('edits with PUT from the saved values and maps a 400 on a row back to its field', async () => {
    const recipe = makeRecipe()
    fakeApi({
      'GET /api/admin/products': () => page([berbere]),
      [`PUT /api/recipes/${recipe._id}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'Linked product does not exist', [
          { field: 'body.ingredients.0.productId', message: 'validation.productNotFound' },
        ]),
    })
    const { user, onDone } = renderForm({ recipe })
    expect(screen.getByLabelText('שם מרכיב 1')).toHaveValue('עדשים')
    expect(screen.getByLabelText('רמת קושי')).toHaveValue('Medium')
    await user.click(save())
    expect(await screen.findByText('המוצר המקושר לא נמצא')).toBeInTheDocument()
    expect(
      await screen.findByText('השמירה נכשלה: חלק מהפרטים אינם תקינים. נא לבדוק ולתקן.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Linked product does not exist/)).not.toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
  })
})

describe('recipes table', () => {
  it('shows difficulty in Hebrew, filters by category and deletes after confirmation', async () => {
    let items = [makeRecipe()]
    const api = fakeApi({
      'GET /api/recipes': () => page(items),
      [`DELETE /api/recipes/${makeRecipe()._id}`]: () => {
        items = []
        return ok({ _id: makeRecipe()._id })
      },
    })
    const { user } = renderWithProviders(<RecipesTable onAdd={vi.fn()} onEdit={vi.fn()} />)
    const table = await screen.findByRole('table', { name: 'מתכונים' })
    expect(within(table).getByRole('rowheader', { name: 'מיסיר וואט' })).toBeInTheDocument()
    expect(within(table).getByText('בינוני')).toBeInTheDocument()
    expect(within(table).getByText('תבשיל')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('קטגוריה'), 'injera')
    // The client spaces requests 100 ms apart, so the filtered request follows a moment later.
    await waitFor(() => expect(api.calls.at(-1)?.query.get('category')).toBe('injera'))

    await user.click(await screen.findByRole('button', { name: 'מחיקה: מיסיר וואט' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'מחיקה' }))
    expect(await screen.findByText('המתכון נמחק בהצלחה')).toBeInTheDocument()
    expect(await screen.findByText('אין פריטים להצגה')).toBeInTheDocument()
  })
})
