import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makePackage } from '../../testing/admin-data'
import { fakeApi, ok, page, stubObjectUrls } from '../../testing/fake-admin-api'
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

describe('package form rules (spec §5)', () => {
  it('checks on submit: name, image and every number at least 1', async () => {
    const api = fakeApi()
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
    expect(screen.getByText('מספר המרכיבים חייב להיות חיובי')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('adds a package with number inputs converted to numbers', async () => {
    const api = fakeApi({
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
    await user.type(screen.getByLabelText('מספר מרכיבים'), '5')
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
      ingredientsQuantity: 5,
    })
  })

  it('keeps the recipe link when editing', async () => {
    const pkg = makePackage({ recipeId: '22222222-2222-4222-8222-222222222222' })
    const api = fakeApi({ [`PUT /api/packages/${pkg._id}`]: () => ok(pkg) })
    const { user } = renderForm({ pkg })
    await user.click(save())
    expect(await screen.findByText('המארז עודכן בהצלחה')).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/packages/${pkg._id}`)[0]?.body).toMatchObject({
      price: 89.9,
      recipeId: pkg.recipeId,
    })
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
    ).toEqual(['#', 'תמונה', 'שם', 'מחיר', 'מספר סועדים', 'מספר מרכיבים', 'פעולות'])
    expect(within(table).getByText('₪89.90')).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: '7' })).toBeInTheDocument()
    expect(api.calls[0]?.query.get('limit')).toBe('20')
  })

  it('edit and add call back to the route', async () => {
    fakeApi({ 'GET /api/packages': () => page([makePackage()]) })
    const onEdit = vi.fn()
    const onAdd = vi.fn()
    const { user } = renderWithProviders(<PackagesTable onAdd={onAdd} onEdit={onEdit} />)
    await user.click(await screen.findByRole('button', { name: 'עריכת מארז אינג׳רה' }))
    expect(onEdit).toHaveBeenCalledWith(makePackage()._id)
    await user.click(screen.getByRole('button', { name: 'הוספת מארז' }))
    expect(onAdd).toHaveBeenCalled()
  })
})
