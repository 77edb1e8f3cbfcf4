import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'

/** The body of an .eml file as text: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** An .eml file as text: quoted-printable undone, and each base64 part (mostly Hebrew text) decoded after it. */
function decodeMail(raw: string): string {
  const parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
  return [
    decodeQuotedPrintable(raw),
    ...parts.map((part) => Buffer.from(part[1]!, 'base64').toString('utf8')),
  ].join('\n')
}

/** The decoded .eml files of the built-in mail folder sent to `to`. */
export function mailsTo(to: string): string[] {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts')
  const folder = path.join(dataDir, 'mail')
  if (!fs.existsSync(folder)) return []
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => decodeMail(fs.readFileSync(path.join(folder, name), 'latin1')))
    .filter((text) => text.includes(to))
}

/**
 * The link in the newest mail to `to` that points under `pathPart`, from the built-in mail
 * folder ($E2E_DATA_DIR/mail, an .eml file per message without SMTP_URL). Waits for it.
 */
export async function linkFromMail(to: string, pathPart: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts')
  const folder = path.join(dataDir, 'mail')
  let link: string | undefined
  await expect
    .poll(
      () => {
        if (!fs.existsSync(folder)) return undefined
        const files = fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.eml'))
          .map((name) => path.join(folder, name))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
        for (const file of files) {
          const text = decodeMail(fs.readFileSync(file, 'latin1'))
          if (!text.includes(to)) continue
          const found = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes(pathPart))
          if (found) return (link = found.replace(/&amp;/g, '&'))
        }
        return undefined
      },
      { timeout: 15_000 },
    )
    .toBeTruthy()
  return link!
}
