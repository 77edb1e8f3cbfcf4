import { expect } from 'vitest'

/**
 * WCAG 2.5.3 (label in name): a button or link whose name is set apart from its text must
 * still contain the text it shows, so a speech user saying what they see reaches it. Checks
 * every such control under `root` (icon-only ones, and glyphs like "›", show no words and are skipped).
 */
export function expectLabelsInNames(root: HTMLElement = document.body) {
  const controls = root.querySelectorAll<HTMLElement>(
    'button[aria-label], a[aria-label], [role="button"][aria-label]',
  )
  const mismatches = [...controls]
    .map((control) => ({
      name: control.getAttribute('aria-label') ?? '',
      shown: (control.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }))
    // A glyph standing for an icon ("›") is no label a person would say.
    .filter(({ name, shown }) => /[\p{L}\p{N}]/u.test(shown) && !name.includes(shown))
    .map(({ name, shown }) => `"${shown}" is named "${name}"`)
  expect(mismatches).toEqual([])
}
