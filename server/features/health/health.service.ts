/**
 * Health and readiness (crash-proof request handling): health says the process serves requests;
 * readiness runs one database query and one storage head, each bounded in time, so a supervisor or load balancer
 * can tell a server that is up from one that can do its work.
 */
import type { Deps } from '../../core/deps'
import type { Health, Ready } from '../../contract/health'
import { selectOne } from '../../repositories/database.repository'

/** How long (ms) one readiness check may take before it counts as failed. */
export const READY_CHECK_TIMEOUT_MS = 2000

/** A key that is never stored: heading it asks the bucket to answer without reading any object. */
export const READY_PROBE_KEY = 'health/ready-probe'

/** The health answer: status ok and the process uptime in seconds. */
export const checkHealth = (): Health => ({ status: 'ok', uptime: Math.round(process.uptime()) })

/** 'ok' when check() settles within READY_CHECK_TIMEOUT_MS without throwing, else the failure's message. */
async function runCheck(check: () => unknown): Promise<string> {
  let timer: Timer | undefined
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`)), READY_CHECK_TIMEOUT_MS)),
  )
  try {
    await Promise.race([Promise.resolve().then(check), timeout])
    return 'ok'
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  } finally {
    clearTimeout(timer)
  }
}

/** Runs the database and storage checks; ready is true when both are 'ok'. Never throws. */
export async function checkReadiness(deps: Pick<Deps, 'db' | 'storage'>): Promise<{ ready: boolean; answer: Ready }> {
  const [database, storage] = await Promise.all([runCheck(() => selectOne(deps.db)), runCheck(() => deps.storage.head(READY_PROBE_KEY))])
  const ready = database === 'ok' && storage === 'ok'
  return { ready, answer: { status: ready ? 'ready' : 'not ready', checks: { database, storage } } }
}
