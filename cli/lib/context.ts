/** What every command gets from the global options: the connection and whether to print JSON. */
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { CliError, type Connection } from './http'

export type Context = { conn: Connection; json: boolean }

/** Reads all of standard input (for --password-stdin). */
const readStdin = () => readFileSync(0, 'utf8').split('\n')[0].trim()

/** The context from the root program's options; the password comes from --password, --password-file or --password-stdin. */
export function contextOf(command: Command): Context {
  const o = command.optsWithGlobals<{
    url: string
    user: string
    password?: string
    passwordFile?: string
    passwordStdin?: boolean
    json?: boolean
  }>()
  const password = o.passwordStdin ? readStdin() : o.passwordFile ? readFileSync(o.passwordFile, 'utf8').trim() : o.password
  if (!password)
    throw new CliError('no admin password: use --password, --password-file FILE, --password-stdin or HOTVOTE_ADMIN_PASSWORD', 2)
  return { conn: { url: o.url, user: o.user, password }, json: Boolean(o.json) }
}
