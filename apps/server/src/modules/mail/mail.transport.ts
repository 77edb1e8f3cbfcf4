import crypto from 'node:crypto'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import { onFirstUse } from '../../lib/on-first-use.js'
import { makePrivateFolder, writePrivateFile } from '../../lib/private-files.js'

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string }
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void }

// Loaded with the first message, not at every start (docs/decisions/165).
const loadNodemailer = onFirstUse(async () => (await import('nodemailer')).default)

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under $DATA_DIR/mail. */
export function createMailTransport(options: {
  smtpUrl: string | undefined
  mailDir: string
}): MailTransport {
  const { smtpUrl } = options
  let opened: Transporter | null = null
  const transporter = onFirstUse(async () => {
    const nodemailer = await loadNodemailer()
    opened = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    return opened
  })
  const close = () => opened?.close()
  if (smtpUrl) {
    return {
      async send(mail) {
        await (await transporter()).sendMail(mail)
      },
      close,
    }
  }
  return {
    async send(mail) {
      const info = await (await transporter()).sendMail(mail)
      // Customers' addresses and orders: for the shop's user alone (decision 235).
      await makePrivateFolder(options.mailDir)
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`
      await writePrivateFile(path.join(options.mailDir, name), info.message as Buffer)
    },
    close,
  }
}
