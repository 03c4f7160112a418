/**
 * Outgoing mail through nodemailer (server-contract: Configuration): SMTP when SMTP_URL is set,
 * otherwise each message is written to DATA_DIR/outbox as an .eml file, logged with its links in development only.
 */
import type { Transporter } from 'nodemailer'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../core/data-dir'

/** One email: text and html bodies of the same message. */
export type MailMessage = { to: string; subject: string; text: string; html: string }

/** Sends mail; send() rejects when the transport fails. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * A transport made by nodemailer on the first send: nodemailer is loaded only once mail is sent, which keeps it
 * out of an idle server's memory.
 */
function lazyTransport(options: Parameters<typeof import('nodemailer').createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined
  return () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options)))
}

/** SMTP mailer for smtpUrl (smtp:// or smtps://), sending from `from`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport(smtpUrl)
  return { send: async (m) => void (await (await transport()).sendMail({ from, ...m })) }
}

/**
 * Outbox mailer: writes each message as <outboxDir>/<time>-<uuid>.eml (mode 0600, folder 0700) and logs where; the
 * message's links (magic links: a login for whoever reads them) are logged too unless production is set.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: (line: string) => void = console.log, production = false): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from, ...m })
      // Messages hold login links: owner-only folder and files.
      await mkdir(outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE })
      const file = join(outboxDir, `${Date.now()}-${randomUUID()}.eml`)
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE })
      const links = production ? [] : (m.text.match(/https?:\/\/\S+/g) ?? [])
      log(`mail to ${m.to} written to ${file}${links.length ? `; link: ${links.join(' ')}` : ''}`)
    },
  }
}
