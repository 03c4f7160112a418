/** `hotvote config get|set <name> [json]`: read or save one admin configuration (admin-back-office §7). */
import type { Command } from 'commander'
import { ADMIN_CONFIG_PATHS, paths, type AdminConfigName } from '@contract/paths'
import { contextOf } from '../lib/context'
import { adminJson, CliError } from '../lib/http'
import { emit, printFields } from '../lib/output'

const NAMES = Object.keys(ADMIN_CONFIG_PATHS)

/** The admin path of a config name; throws CliError (exit 2) for an unknown name. */
const pathOf = (name: string) => {
  if (!NAMES.includes(name)) throw new CliError(`unknown config "${name}": use one of ${NAMES.join(', ')}`, 2)
  return paths.adminConfig(name as AdminConfigName)
}

/** Registers the commands. */
export function registerConfig(program: Command): void {
  const config = program.command('config').description(`Read or change settings: ${NAMES.join(', ')}`)
  config.command('get <name>').action(async (name: string, _: unknown, cmd: Command) => {
    const ctx = contextOf(cmd)
    const value = await adminJson<Record<string, unknown>>(ctx.conn, 'GET', pathOf(name))
    emit(ctx.json, value, () => printFields(value))
  })
  config
    .command('set <name> <json>')
    .description('Save a setting given as JSON, with the fields of admin-back-office §7')
    .addHelpText(
      'after',
      `\nExamples:\n  hotvote config set vote-multiplier '{"isEnabled":true,"multiplier":2.5}'\n  hotvote config set idle-redirect '{"idleRedirectTime":300,"idleRedirectUrl":"https://example.com"}'`,
    )
    .action(async (name: string, json: string, _: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      let body: unknown
      try {
        body = JSON.parse(json)
      } catch {
        throw new CliError(`the value must be JSON, e.g. '{"isEnabled":true}'`, 2)
      }
      const value = await adminJson<Record<string, unknown>>(ctx.conn, 'POST', pathOf(name), body)
      emit(ctx.json, value, () => printFields(value))
    })
}
