/**
 * The dependencies one app instance runs on (STYLE §2): tests build them on a temp dir, main.ts from the environment.
 */
import type { Database } from '../db/database'
import type { Storage } from '../storage/storage'
import type { Mailer } from '../mail/mailer'
import type { Clock } from './clock'
import type { Config } from '../config'

/** Everything a route factory or service may use. tmpDir: scratch space for spooled uploads (same disk as DATA_DIR). */
export type Deps = { db: Database; storage: Storage; mailer: Mailer; clock: Clock; config: Config; tmpDir: string }
