import fs from 'node:fs'
import path from 'node:path'

/**
 * The web app's Hebrew strings from its build (`locales/he/translation.json`): the page
 * heads and the server renderer say what the SPA says. Empty without a build.
 */
export function readWebTranslation(webDistDir: string | null): Record<string, unknown> {
  const file = webDistDir ? path.join(webDistDir, 'locales', 'he', 'translation.json') : null
  if (!file || !fs.existsSync(file)) return {}
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
}
