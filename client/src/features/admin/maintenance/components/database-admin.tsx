/**
 * DatabaseAdmin (admin-back-office §2 Database Administration, §4): the database tests and their statistics, media
 * import (which reruns the tests), the inactive-account purge and the database reset (which clears the tests and
 * statistics). Served at /adm/dbtest and /adm/db-test.
 */
import { DbImportCard } from './db-import-card'
import { DbPurgeCard } from './db-purge-card'
import { DbResetCard } from './db-reset-card'
import { DbStatsCards, DbTestsCard } from './db-tests-card'
import { useDbTests } from '../hooks/use-db-tests'

function DatabaseAdmin() {
  const tests = useDbTests()
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">Database Administration</h1>
      <DbTestsCard steps={tests.steps} running={tests.running} onRun={() => void tests.runAll()} />
      <DbStatsCards stats={tests.stats} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <DbImportCard onImported={() => void tests.runAll()} />
        <DbPurgeCard />
      </div>
      <DbResetCard onReset={tests.clear} />
    </div>
  )
}

export { DatabaseAdmin }
