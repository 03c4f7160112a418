#!/usr/bin/env bun
/**
 * `hotvote`, the operator CLI: a client of the admin API (`db copy` alone works on database files, in its own
 * bun process: cli/commands/db.ts). Exit codes: 0 success, 1 failure reported by the
 * server or the network, 2 usage error. A failed call prints `<status>: <server's error text>` on stderr, as the
 * client words it (cli/lib/http.ts); other errors print `error: <message>`; never a stack trace.
 */
import { Command, CommanderError, Option } from 'commander'
import { CliError, HttpFailure } from './lib/http'
import { errColors, terminalText } from './lib/output'
import { registerStats } from './commands/stats'
import { registerDb } from './commands/db'
import { registerImport } from './commands/import'
import { registerPurge } from './commands/purge'
import { registerPopulate } from './commands/populate'
import { registerExport } from './commands/export'
import { registerBucket } from './commands/bucket'
import { registerDmca } from './commands/dmca'
import { registerConfig } from './commands/config'
import { registerReset } from './commands/reset'
import { registerFixSequence } from './commands/fix-sequence'
import { registerUpload } from './commands/upload'
import { registerBackup } from './commands/backup'
import { registerRestore } from './commands/restore'
import { registerMedia } from './commands/media'

const program = new Command('hotvote')
  .description('Operate a HotVote server from the terminal (imports, purges, population, exports, maintenance)')
  .addOption(new Option('--url <url>', 'server address').env('HOTVOTE_URL').default('http://localhost:3000'))
  .addOption(new Option('--user <name>', 'admin user').env('HOTVOTE_ADMIN_USER').default('admin'))
  .addOption(
    new Option('--password <password>', 'admin password (prefer --password-file or --password-stdin)').env('HOTVOTE_ADMIN_PASSWORD'),
  )
  .option('--password-file <file>', 'read the admin password from a file')
  .option('--password-stdin', 'read the admin password from standard input')
  .option('--json', 'print one JSON document on stdout')
  .addHelpText(
    'after',
    '\nExamples:\n  HOTVOTE_URL=https://hotvote.example hotvote stats\n  hotvote --password-file ~/.hotvote-admin purge --yes\n  echo "$PW" | hotvote --password-stdin export votes -o votes.xlsx',
  )
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(errColors.red(text)) })

for (const register of [
  registerStats,
  registerDb,
  registerImport,
  registerUpload,
  registerPurge,
  registerPopulate,
  registerExport,
  registerBucket,
  registerDmca,
  registerConfig,
  registerReset,
  registerFixSequence,
  registerBackup,
  registerRestore,
  registerMedia,
])
  register(program)
/** Usage errors of every nested command too must exit 2, not commander's default 1. */
const overrideExits = (cmd: Command): void => (cmd.exitOverride(), cmd.commands.forEach(overrideExits))
overrideExits(program)

try {
  await program.parseAsync(process.argv)
} catch (e) {
  if (e instanceof CommanderError) process.exit(['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(e.code) ? 0 : 2)
  process.stderr.write(
    e instanceof HttpFailure
      ? `${errColors.red(terminalText(e.message))}\n`
      : `${errColors.red('error:')} ${terminalText(e instanceof Error ? e.message : String(e))}\n`,
  )
  process.exit(e instanceof CliError ? e.exitCode : 1)
}
