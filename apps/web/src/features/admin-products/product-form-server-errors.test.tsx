import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import translations from '../../../public/locales/he/translation.json'
import { makeProduct } from '../../testing/admin-data'
import { fail, fakeApi, stubObjectUrls } from '../../testing/fake-admin-api'
import { renderWithProviders } from '../../testing/render'
import { ProductForm } from './product-form'

// The server's own checks of a product (a name that exists, two sizes of one name, a
// subcategory without its parent): each field detail it answers with lands on its field,
// in Hebrew, whatever the error's code.

beforeEach(stubObjectUrls)
afterEach(() => vi.restoreAllMocks())

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onDone = vi.fn()
  const view = renderWithProviders(<ProductForm onDone={onDone} onCancel={vi.fn()} {...props} />)
  return { ...view, onDone, user: userEvent.setup({ applyAccept: false }) }
}

const save = () => screen.getByRole('button', { name: 'שמירה' })
const row = (name: string) => screen.getByRole('group', { name })

describe("the server's field details on the product form", () => {
  it('puts a 409 for a name that exists on the name field, in Hebrew, not "the item changed meanwhile"', async () => {
    const product = makeProduct()
    fakeApi({
      [`PUT /api/products/${product._id}`]: () =>
        fail(409, 'CONFLICT', 'A product with this name already exists', [
          { field: 'body.name', message: 'validation.nameTaken' },
        ]),
    })
    const { user, onDone } = renderForm({ product })
    await user.click(save())

    const name = screen.getByLabelText('שם')
    await waitFor(() => expect(name).toHaveAccessibleDescription(translations.validation.nameTaken))
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveFocus()
    expect(
      await screen.findByText(`השמירה נכשלה: ${translations.errors.api.VALIDATION_ERROR}`),
    ).toBeInTheDocument()
    expect(screen.queryByText(new RegExp(translations.errors.api.CONFLICT))).not.toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
  })

  it("puts the server's size and subcategory details on their fields, in Hebrew", async () => {
    const product = makeProduct({
      pricing: [
        { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 24.9 },
        { size: { sizeName: '100 גרם', sizeQuantity: 100 }, price: 29.9 },
      ],
      categories: [
        { nameInEnglish: 'spices', nameInHebrew: 'תבלינים' },
        { nameInEnglish: 'beverages', nameInHebrew: 'משקאות' },
      ],
      subCategories: [
        { nameInEnglish: 'spice-blends', nameInHebrew: 'תערובות תבלינים', nameOfParentCategory: 'spices' },
        { nameInEnglish: 'coffee', nameInHebrew: 'קפה', nameOfParentCategory: 'beverages' },
      ],
    })
    fakeApi({
      [`PUT /api/products/${product._id}`]: () =>
        fail(400, 'VALIDATION_ERROR', 'Invalid request', [
          { field: 'body.pricing.1.size.sizeName', message: 'validation.sizeNameDuplicate' },
          { field: 'body.subCategories.0', message: 'validation.subCategoryWithoutParent' },
          { field: 'body.subCategories.1.nameOfParentCategory', message: 'validation.wrongParentCategory' },
        ]),
    })
    const { user } = renderForm({ product })
    await user.click(save())

    const second = row('אפשרות תמחור 2')
    await waitFor(() =>
      expect(within(second).getByLabelText('שם הגודל')).toHaveAccessibleDescription(
        translations.validation.sizeNameDuplicate,
      ),
    )
    expect(within(row('אפשרות תמחור 1')).getByLabelText('שם הגודל')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(
      screen.getByText(`תערובות תבלינים: ${translations.validation.subCategoryWithoutParent}`),
    ).toBeInTheDocument()
    expect(screen.getByText(`קפה: ${translations.validation.wrongParentCategory}`)).toBeInTheDocument()
    expect(screen.queryByText(translations.forms.invalid)).not.toBeInTheDocument()
  })
})
