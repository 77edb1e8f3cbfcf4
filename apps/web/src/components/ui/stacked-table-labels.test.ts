import { describe, expect, it } from 'vitest'
import { labelTableCells } from './stacked-table-labels'

describe('labels for stacked admin tables', () => {
  it('copies each column heading onto its cells, row headers and spans included, skipping the empty-list line', () => {
    document.body.innerHTML = `
      <table class="admin-table">
        <thead><tr><th>מוצר</th><th>כמות</th><th>סה״כ</th></tr></thead>
        <tbody>
          <tr><th scope="row">כמון</th><td>2</td><td dir="ltr">25.80 ₪</td></tr>
          <tr><td colspan="2">ביחד</td><td>30 ₪</td></tr>
          <tr><td colspan="3">אין פריטים</td></tr>
        </tbody>
      </table>
      <table><thead><tr><th>אחר</th></tr></thead><tbody><tr><td>x</td><td>y</td></tr></tbody></table>`
    labelTableCells(document)
    const rows = [...document.querySelectorAll('table.admin-table tbody tr')]
    expect([...rows[0]!.children].map((cell) => (cell as HTMLElement).dataset.label)).toEqual([
      'מוצר',
      'כמות',
      'סה״כ',
    ])
    expect([...rows[1]!.children].map((cell) => (cell as HTMLElement).dataset.label)).toEqual([
      'מוצר',
      'סה״כ',
    ])
    expect((rows[2]!.children[0] as HTMLElement).dataset.label).toBeUndefined()
    // Only the tables marked for stacking.
    expect(document.querySelector('table:not(.admin-table) td')).not.toHaveAttribute('data-label')
  })
})
