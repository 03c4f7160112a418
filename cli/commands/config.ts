/** `hotvote config get|set <name> [json]`: read or save one admin configuration (admin-back-office §7). */
import type { Command } from 'commander'
import { contextOf } from '../lib/context'
import { adminJson, CliError } from '../lib/http'
import { emit, printFields } from '../lib/output'

/** Config names and their admin paths. */
export const CONFIGS = {
  'vote-multiplier': '/api/admin/vote-multiplier-config',
  'email-capture': '/api/admin/email-capture-config',
  'idle-redirect': '/api/admin/idle-redirect-config',
  'back-button': '/api/admin/back-button-config',
  zone1: '/api/admin/ad-config/zone1',
  'skip-button': '/api/admin/ad-config/skip-button',
} as const

const pathOf = (name: string) => {
  const path = CONFIGS[name as keyof typeof CONFIGS]
  if (!path) throw new CliError(`unknown config "${name}": use one of ${Object.keys(CONFIGS).join(', ')}`, 2)
  return path
}

/** Registers the commands. */
export function registerConfig(program: Command): void {
  const config = program.command('config').description(`Read or change settings: ${Object.keys(CONFIGS).join(', ')}`)
  config
    .command('get <name>')
    .action(async (name: string, _: unknown, cmd: Command) => {
      const ctx = contextOf(cmd)
      const value = await adminJson<Record<string, unknown>>(ctx.conn, 'GET', pathOf(name))
      emit(ctx.json, value, () => printFields(value))
    })
  config
    .command('set <name> <json>')
    .description('Save a setting given as JSON, with the fields of admin-back-office §7')
    .addHelpText('after', `\nExamples:\n  hotvote config set vote-multiplier '{"isEnabled":true,"multiplier":2.5}'\n  hotvote config set idle-redirect '{"idleRedirectTime":300,"idleRedirectUrl":"https://example.com"}'`)
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
