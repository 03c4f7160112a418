/**
 * useDbTests (admin-back-office §4 Database test steps): the four steps' states and the Database Statistics they
 * produce. runAll first resets every step to pending, then runs them one after another; clear forgets everything.
 */
import { useCallback, useRef, useState } from 'react'
import type { DbCounts } from '@contract/admin/data'
import { DB_TEST_STEPS, runDbStep, type DbTestStep } from '../api/db-tests'

/** A step's status (admin-back-office §4). */
export type DbStepStatus = 'pending' | 'running' | 'success' | 'error'
/** A step as shown: its status, its result or error text, and its duration in ms once finished. */
export type DbStepState = DbTestStep & { status: DbStepStatus; text?: string; durationMs?: number }

const pendingSteps = (): DbStepState[] => DB_TEST_STEPS.map((s) => ({ ...s, status: 'pending' }))

/** The steps, the statistics (null until the counts step succeeds), running, runAll() and clear(). */
export function useDbTests() {
  const [steps, setSteps] = useState<DbStepState[]>(pendingSteps)
  const [stats, setStats] = useState<DbCounts | null>(null)
  const [running, setRunning] = useState(false)
  // A run started later (or a clear) supersedes an earlier one, so stale answers never land.
  const runId = useRef(0)
  const update = useCallback(
    (index: number, patch: Partial<DbStepState>) => setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...patch } : s))),
    [],
  )

  const runAll = useCallback(async () => {
    const id = ++runId.current
    setSteps(pendingSteps())
    setRunning(true)
    for (const [index, step] of DB_TEST_STEPS.entries()) {
      update(index, { status: 'running' })
      const outcome = await runDbStep(step)
      if (runId.current !== id) return
      update(index, { status: outcome.ok ? 'success' : 'error', text: outcome.text, durationMs: outcome.durationMs })
      if (outcome.counts) setStats(outcome.counts)
    }
    setRunning(false)
  }, [update])

  const clear = useCallback(() => {
    runId.current++
    setSteps(pendingSteps())
    setStats(null)
    setRunning(false)
  }, [])

  return { steps, stats, running, runAll, clear }
}
