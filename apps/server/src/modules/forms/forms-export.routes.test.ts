import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopToday } from '@tavlin/contracts'
import { buildTestApp, type TestContext } from '../../test/build-test-app.js'
import { tokenFactory, type TokenFactory } from '../../test/tokens.js'

const BOM = '\uFEFF'

/** Rows of an RFC 4180 document (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i += 1
    } else cell += c
  }
  return rows
}

describe('GET /api/users/form/{kind}/export.csv', () => {
  let ctx: TestContext
  let tokens: TokenFactory
  let admin: Record<string, string>
  let ip = 0

  beforeAll(async () => {
    ctx = await buildTestApp()
    tokens = await tokenFactory(ctx.config, ctx.database.db)
    admin = { authorization: `Bearer ${await tokens.admin()}` }
  })
  afterAll(() => ctx.close())

  const submit = async (form: string, data: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/form/${form}`,
      payload: { data },
      remoteAddress: `10.9.0.${++ip}`,
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  const exportCsv = (form: string, headers = admin) =>
    ctx.app.inject({ url: `/api/users/form/${form}/export.csv`, headers })

  it('exports every contact message, newest first, for Excel, with formulas neutralised', async () => {
    await submit('contact', {
      name: 'יוסי',
      email: 'yossi@example.com',
      phone: '050-1234567',
      subject: 'שאלה',
      message: 'שלום',
    })
    await submit('contact', {
      name: '=HYPERLINK("http://evil.example","לחצו")',
      email: 'eve@example.com',
      phone: '+972 50 123 4567',
      subject: '@SUM(1+1)',
      // Issue 33: three cells where `;` is the list separator; each must come out as text.
      message: 'שורה ראשונה, עם פסיק\nושורה "שנייה" x;=1+1 y;@SUM(A1)',
    })
    const response = await exportCsv('contact')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="contact-${shopToday()}.csv"`)
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(response.body.startsWith(BOM)).toBe(true)

    const rows = parseCsv(response.body.slice(1))
    expect(rows[0]).toEqual(['שם', 'אימייל', 'טלפון', 'נושא', 'הודעה', 'התקבל בתאריך'])
    expect(rows).toHaveLength(3)
    expect(rows[1]!.slice(0, 5)).toEqual([
      `'=HYPERLINK("http://evil.example","לחצו")`,
      'eve@example.com',
      `'+972 50 123 4567`,
      `'@SUM(1+1)`,
      `שורה ראשונה, עם פסיק\nושורה "שנייה" x;'=1+1 y;'@SUM(A1)`,
    ])
    expect(rows[1]![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(rows[2]![0]).toBe('יוסי')
  })

  it('exports each form with its own Hebrew columns', async () => {
    await submit('newsletter', { fullName: 'נועה כהן', email: 'noa@example.com', city: 'חיפה' })
    await submit('early-adapter', {
      fullName: 'דוד לוי',
      email: 'david@example.com',
      street: 'הרצל 12',
      city: 'תל אביב',
      phone: '050-1234567',
      birthDate: '1990-05-17',
    })
    await submit('event-inquiry', {
      name: 'מיכל',
      email: 'michal@example.com',
      eventDescription: 'ערב אתיופי',
      eventDate: shopToday(new Date(Date.now() + 30 * 86_400_000)),
    })
    const expected: Record<string, { header: string[]; first: string[] }> = {
      newsletter: {
        header: ['שם מלא', 'אימייל', 'עיר', 'נרשם בתאריך', 'עודכן בתאריך'],
        first: ['נועה כהן', 'noa@example.com', 'חיפה'],
      },
      'early-adapter': {
        header: ['שם מלא', 'אימייל', 'רחוב', 'עיר', 'טלפון', 'תאריך לידה', 'נרשם בתאריך'],
        first: ['דוד לוי', 'david@example.com', 'הרצל 12', 'תל אביב', '050-1234567', '1990-05-17'],
      },
      'event-inquiry': {
        header: ['שם', 'אימייל', 'חברה', 'תיאור האירוע', 'תאריך האירוע', 'התקבל בתאריך'],
        first: ['מיכל', 'michal@example.com', '', 'ערב אתיופי'],
      },
    }
    for (const [form, { header, first }] of Object.entries(expected)) {
      const response = await exportCsv(form)
      expect(response.statusCode).toBe(200)
      const rows = parseCsv(response.body.slice(1))
      expect(rows[0]).toEqual(header)
      expect(rows[1]!.slice(0, first.length)).toEqual(first)
    }
  })

  it('is for administrators only, and only for the four forms', async () => {
    expect((await exportCsv('contact', {})).statusCode).toBe(401)
    expect(
      (await exportCsv('contact', { authorization: `Bearer ${await tokens.customer()}` })).statusCode,
    ).toBe(403)
    expect((await exportCsv('orders')).statusCode).toBe(400)
  })
})
