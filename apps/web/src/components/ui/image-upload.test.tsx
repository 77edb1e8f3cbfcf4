import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { imageUploader } from '../../api/uploads'
import { renderWithProviders } from '../../testing/render'
import { ImageUpload } from './image-upload'

type Sent = { url: string; fields: Array<[string, string]> }
let sent: Sent[] = []
let answers: Array<(body: FormData) => Response> = []

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const single = (url: string) => () => Response.json({ success: true, data: { url } })

beforeEach(() => {
  sent = []
  answers = []
  let previews = 0
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`)
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const body = init?.body as FormData
    sent.push({
      url: String(input),
      fields: [...body.entries()].map(([key, value]) => [key, value instanceof File ? value.name : value]),
    })
    const next = answers.shift()
    return next
      ? next(body)
      : Response.json({ success: false, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })
  })
})
afterEach(() => vi.restoreAllMocks())

function setup(props: Partial<Parameters<typeof ImageUpload>[0]> = {}) {
  const onChange = vi.fn()
  const user = userEvent.setup({ applyAccept: false })
  renderWithProviders(
    <ImageUpload label="תמונה" uploader={imageUploader('products')} onChange={onChange} {...props} />,
  )
  const input = screen.getByTestId('image-upload-input') as HTMLInputElement
  return { onChange, user, input }
}

describe('image upload control', () => {
  it('uploads one accepted image as `file` to its folder, shows it done and reports its address', async () => {
    answers.push(single('/uploads/products/a-640.webp'))
    const { onChange, user, input } = setup()
    await user.upload(input, png('cumin.png'))

    expect(await screen.findByText('הועלה')).toBeInTheDocument()
    expect(sent).toEqual([{ url: '/api/upload/images?folder=products', fields: [['file', 'cumin.png']] }])
    expect(onChange).toHaveBeenLastCalledWith(['/uploads/products/a-640.webp'])
    expect(screen.getByRole('img', { name: 'תצוגה מקדימה של cumin.png' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    )
    expect(screen.getByText('התמונה הועלתה')).toBeInTheDocument()
    expect(screen.queryByText(/סה״כ|בהעלאה/)).not.toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'התקדמות ההעלאה' })).toHaveAttribute('value', '1')
  })

  it('names no folder when given none, so the server uses its tenant-uploads folder (spec §7)', async () => {
    answers.push(single('/uploads/tenant-uploads/a-640.webp'))
    const { onChange, user, input } = setup({ uploader: imageUploader() })
    await user.upload(input, png('cumin.png'))
    expect(await screen.findByText('הועלה')).toBeInTheDocument()
    expect(sent).toEqual([{ url: '/api/upload/images', fields: [['file', 'cumin.png']] }])
    expect(onChange).toHaveBeenLastCalledWith(['/uploads/tenant-uploads/a-640.webp'])
  })

  it('rejects other types and files over 5 MB with the spec messages, sending nothing', async () => {
    const { onChange, user, input } = setup()
    await user.upload(input, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }))
    expect(
      await screen.findByText('סוג הקובץ אינו נתמך. ניתן להעלות JPEG, JPG, PNG, GIF או WebP'),
    ).toBeInTheDocument()

    await user.upload(input, png('huge.png', 5 * 1024 * 1024 + 1))
    expect(await screen.findByText('הקובץ גדול מדי. הגודל המרבי הוא 5 מגה-בייט')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('in single mode a new file replaces the old one', async () => {
    answers.push(single('/uploads/products/first.webp'), single('/uploads/products/second.webp'))
    const { onChange, user, input } = setup({ initialUrls: ['/uploads/products/old.webp'] })
    expect(screen.getByRole('img', { name: 'התמונה הנוכחית' })).toBeInTheDocument()
    // The image the item already has is not an upload: no progress to show.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()

    await user.upload(input, png('first.png'))
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['/uploads/products/first.webp']))
    await user.upload(input, png('second.png'))
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['/uploads/products/second.webp']))

    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'תצוגה מקדימה של second.png' })).toBeInTheDocument()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1')
  })

  it('sends several files as one batch and matches each result by its original name', async () => {
    answers.push(() =>
      Response.json({
        success: true,
        data: {
          // Deliberately out of order: matching is by name, not by position.
          successful: [
            { url: '/uploads/recipes/c.webp', originalName: 'c.png' },
            { url: '/uploads/recipes/a.webp', originalName: 'a.png' },
          ],
          failed: [{ error: 'Not an image', originalName: 'b.png' }],
          total: 3,
          successCount: 2,
          failureCount: 1,
        },
      }),
    )
    const onChange = vi.fn()
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(
      <ImageUpload label="תמונות" mode="multiple" uploader={imageUploader('recipes')} onChange={onChange} />,
    )
    await user.upload(screen.getByTestId('image-upload-input'), [png('a.png'), png('b.png'), png('c.png')])

    expect(await screen.findByText('1 מתוך 3 קבצים לא הועלו')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        url: '/api/upload/images?folder=recipes',
        fields: [
          ['files', 'a.png'],
          ['files', 'b.png'],
          ['files', 'c.png'],
        ],
      },
    ])
    expect(onChange).toHaveBeenLastCalledWith(['/uploads/recipes/a.webp', '/uploads/recipes/c.webp'])
    expect(screen.getByText('הועלו 2 מתוך 3; את השאר אפשר לנסות שוב')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'התקדמות ההעלאה' })).toHaveAttribute('value', '3')
    expect(screen.getByText('נכשל — העלאת הקובץ נכשלה')).toBeInTheDocument()

    // Removing a file reports the addresses that remain.
    await user.click(screen.getByRole('button', { name: 'הסרת a.png' }))
    expect(onChange).toHaveBeenLastCalledWith(['/uploads/recipes/c.webp'])
    await user.click(screen.getByRole('button', { name: 'הסרת כל הקבצים' }))
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('refuses files beyond the limit of the list in multiple mode', async () => {
    const { user, input } = setup({ mode: 'multiple', maxFiles: 2 })
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png')])
    expect(await screen.findByText('יותר מדי קבצים. ניתן להעלות עד 2 קבצים')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('marks an upload with no returned address as failed with the spec message', async () => {
    answers.push(() => Response.json({ success: true, data: {} }))
    const { onChange, user, input } = setup()
    await user.upload(input, png('x.png'))
    expect(await screen.findByText('נכשל — ההעלאה נכשלה — לא התקבלה כתובת לקובץ')).toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('says in Hebrew that an upload was cut off when the server says so (issue 15)', async () => {
    answers.push(() =>
      Response.json(
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'The multipart body is incomplete or malformed',
          details: [{ field: 'body', message: 'upload.errors.incomplete' }],
        },
        { status: 400 },
      ),
    )
    const { onChange, user, input } = setup()
    await user.upload(input, png('x.png'))
    expect(await screen.findByText('נכשל — ההעלאה נקטעה לפני שהסתיימה. נא לנסות שוב.')).toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('notices a file dialog closed without a choice and says a required image is missing', async () => {
    const { user } = setup({ isRequired: true })
    await user.click(screen.getByRole('button', { name: /^תמונה:/ }))
    act(() => {
      fireEvent.focus(window)
    })
    expect(await screen.findByText('שדה חובה')).toBeInTheDocument()
  })
})
