import { useEffect } from 'react'

/** The class that marks a table for stacking on narrow boxes (styles.css, decision 140). */
export const STACKED_TABLE_CLASS = 'admin-table'

/**
 * Copies each column's heading onto its cells as `data-label`, for the stacked layout of
 * narrow admin tables (styles.css): the headings stay written once, in the table's
 * header, and every table of the admin area gets its labels, including the ones in
 * dialogs (portals) and the rows that arrive with a later page.
 */
export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>(`table.${STACKED_TABLE_CLASS}`)) {
    const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '')
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        // A lone cell across the row (the "nothing here" line) needs no label.
        if (row.cells.length === 1) continue
        let column = 0
        for (const cell of row.cells) {
          const label = headings[column]
          if (label && cell.dataset.label !== label) cell.dataset.label = label
          column += cell.colSpan
        }
      }
    }
  }
}

/** Keeps the labels in step while the admin area is open. */
export function useStackedTableLabels(): void {
  useEffect(() => {
    labelTableCells(document)
    // Only added and removed nodes: the labels this sets are attributes and do not re-trigger it.
    const observer = new MutationObserver(() => labelTableCells(document))
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])
}
