#!/usr/bin/env bash
# npm test: the Debian packages the tests need, the client build, then every test on SQLite and the API and CLI
# suites on PostgreSQL. Both runs always go, so a failure on SQLite still shows what PostgreSQL says; the exit status
# is non-zero when the packages, the build or either run failed. Each run ends with bun's own "N pass" and "N fail"
# lines (.ci/run adds them up).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-packages.sh || exit 1
bun run build || exit 1
bun test --timeout 120000
sqlite=$?
TEST_DIALECT=postgres bun test --timeout 120000 tests/api tests/cli
postgres=$?
echo "npm test: SQLite run exited ${sqlite}, PostgreSQL run exited ${postgres}"
[ "$sqlite" -eq 0 ] && [ "$postgres" -eq 0 ]
