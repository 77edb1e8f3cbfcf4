import { expect, test } from './support/test'
import { scrollToSection } from './support/home'

/** `DD/MM/YYYY` in Israel, as a visitor types it, `days` from today (the browser runs in Asia/Jerusalem). */
function israelDate(days: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem' }).format(
    new Date(Date.now() + days * 86_400_000),
  )
}

test('a visitor subscribes to the newsletter from the footer, after fixing a short name', async ({
  page,
}) => {
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  // The form loads when the footer comes near, as when a visitor scrolls down to it.
  await footer.scrollIntoViewIfNeeded()
  await footer.getByLabel('שם מלא').fill('נו')
  await footer.getByLabel('דוא״ל').fill('noa.e2e@example.com')
  await footer.getByLabel('עיר').fill('חיפה')
  await footer.getByRole('button', { name: 'להרשמה' }).click()
  await expect(footer.getByText('השם המלא צריך להכיל לפחות 3 תווים')).toBeVisible()
  await expect(footer.getByLabel('שם מלא')).toBeFocused()

  await footer.getByLabel('שם מלא').fill('נועה כהן')
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/users/form/newsletter'))
  await footer.getByRole('button', { name: 'להרשמה' }).click()
  await expect(page.getByText('נרשמתם בהצלחה! ברוכים הבאים למשפחת תבלין.')).toBeVisible()
  expect((await posted).status()).toBe(201)
  await expect(footer.getByLabel('שם מלא')).toHaveValue('')
})

test('a visitor joins the early adopters from the home banner, after fixing a bad e-mail', async ({
  page,
}) => {
  await page.goto('/')
  const banner = await scrollToSection(page.getByRole('main'), 'הצטרפו למאמצים המוקדמים')
  const opener = banner.getByRole('button', { name: 'להצטרפות' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'הצטרפו למאמצים המוקדמים' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('שם מלא').fill('דנה לוי')
  await dialog.getByLabel('דוא״ל').fill('dana.levi.example.com')
  await dialog.getByLabel('טלפון').fill('050-7654321')
  await dialog.getByLabel('רחוב ומספר').fill('הנביאים 5')
  await dialog.getByLabel('עיר').fill('ירושלים')
  await expect(dialog.getByLabel(/תאריך לידה/)).toHaveAttribute('placeholder', 'יי/חח/שששש')
  await dialog.getByLabel(/תאריך לידה/).fill('14/05/1990')
  await dialog.getByRole('button', { name: 'הצטרפות', exact: true }).click()
  await expect(page.getByText('יש שדות שדורשים תיקון בטופס ההרשמה.')).toBeVisible()
  await expect(dialog.getByText('נא להזין כתובת דוא״ל תקינה')).toBeVisible()
  await expect(dialog.getByLabel('דוא״ל')).toBeFocused()
  await expect(dialog).toBeVisible()

  await dialog.getByLabel('דוא״ל').fill('dana.levi@example.com')
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/users/form/early-adapter'))
  await dialog.getByRole('button', { name: 'הצטרפות', exact: true }).click()
  await expect(page.getByText('תודה! נרשמתם למאמצים המוקדמים — נהיה בקשר בקרוב.')).toBeVisible()
  expect((await posted).status()).toBe(201)
  // On success the popup closes and hands focus back to the banner's button.
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a visitor sends an event inquiry, after picking a past date first', async ({ page }) => {
  await page.goto('/events')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('אירועים')
  await expect(page.getByText('מביאים את הטעמים של תבלין לאירוע שלכם')).toBeVisible()
  const form = page.getByRole('main')
  await form.getByLabel('שם', { exact: true }).fill('מיכל')
  await form.getByLabel('דוא״ל').fill('michal@example.com')
  await form.getByLabel(/חברה או ארגון/).fill('סטודיו מיכל')
  await form.getByLabel('תאריך האירוע').fill(israelDate(-2))
  await form.getByLabel('תיאור האירוע').fill('ערב טעימות תבלינים ל-30 איש')
  await form.getByRole('button', { name: 'שליחת הפנייה' }).click()
  await expect(form.getByText('תאריך האירוע לא יכול להיות בעבר')).toBeVisible()

  await form.getByLabel('תאריך האירוע').fill(israelDate(21))
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/users/form/event-inquiry'))
  await form.getByRole('button', { name: 'שליחת הפנייה' }).click()
  await expect(page.getByRole('heading', { name: 'הפנייה התקבלה, תודה!' })).toBeFocused()
  expect((await posted).status()).toBe(201)
})

test('a visitor finds the shop on /contact and sends a message, after a bad phone number', async ({
  page,
}) => {
  await page.goto('/contact')
  const map = page.getByRole('link', { name: /פתיחת הכתובת במפות/ })
  await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/)
  // The business details, as the footer shows them: one source (issue 35).
  const details = (await (await page.request.get('/api/shop/details')).json()).data
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: details.phone })).toHaveAttribute('href', /^tel:\+?\d+$/)
  await expect(main.getByRole('link', { name: details.email })).toHaveAttribute(
    'href',
    `mailto:${details.email}`,
  )

  const form = page.getByRole('region', { name: 'שלחו לנו הודעה' })
  await form.getByLabel('שם', { exact: true }).fill('יוסי')
  await form.getByLabel('דוא״ל').fill('yossi@example.com')
  await form.getByLabel('טלפון').fill('12')
  await form.getByLabel('נושא').fill('משלוח לקיבוץ')
  await form.getByLabel('הודעה').fill('שלום, האם אתם שולחים לגליל העליון?')
  await form.getByRole('button', { name: 'שליחת ההודעה' }).click()
  await expect(form.getByText('נא להזין מספר טלפון תקין, לפחות 9 ספרות')).toBeVisible()
  await expect(form.getByLabel('טלפון')).toBeFocused()
  await expect(form.getByLabel('טלפון')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('טלפון').fill('04-8123456')
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/users/form/contact'))
  await form.getByRole('button', { name: 'שליחת ההודעה' }).click()
  await expect(form.getByRole('heading', { name: 'ההודעה נשלחה, תודה!' })).toBeVisible()
  expect((await posted).status()).toBe(201)
})

test('the forms API refuses a sixth contact message in a minute with 429 and Retry-After', async ({
  request,
}) => {
  const data = { name: 'בוט', email: 'bot@example.com', phone: '050-1234567', subject: 'x', message: 'y' }
  const headers = { 'x-forwarded-for': '203.0.113.77' }
  const statuses: number[] = []
  let retryAfter: string | undefined
  for (let i = 0; i < 6; i += 1) {
    const response = await request.post('/api/users/form/contact', { data: { data }, headers })
    statuses.push(response.status())
    retryAfter ??= response.headers()['retry-after']
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  expect(Number(retryAfter)).toBeGreaterThan(0)
})
