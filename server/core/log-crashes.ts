/**
 * The first import of server/main.ts: installs logCrashes() (server/core/log.ts) before any other server module is
 * evaluated, so from the very start an uncaught exception or unhandled rejection is one redacted JSON line and exit 1,
 * never Bun's raw printing on stderr.
 */
import { logCrashes } from './log'

logCrashes()
