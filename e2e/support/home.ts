import { expect, type Locator } from '@playwright/test'

/**
 * Scrolls a home section into view as a visitor would. Sections below the fold load as
 * they come near (decision 096): until then only their heading holds the place, and the
 * placeholder may be swapped for the loaded section while it is being scrolled to.
 */
export async function scrollToSection(main: Locator, name: string): Promise<Locator> {
  const section = main.getByRole('region', { name })
  await expect(() => section.scrollIntoViewIfNeeded()).toPass()
  return section
}
