/**
 * Drives wrk (Debian's package: a C load generator, so it takes little of the CPU the server needs) with a Lua
 * script and reads its summary: requests per second, p99 latency in ms, and error and non-2xx/3xx counts.
 */

/** One load run's figures: rps (requests/s), p99Ms (ms), errors (socket errors), non2xx (answers >= 400). */
export type LoadResult = { rps: number; p99Ms: number; errors: number; non2xx: number; requests: number }

/** Lua `done` hook that prints the summary as one JSON line for runWrk to read. */
const DONE = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`

/**
 * Runs wrk for seconds against url with the Lua script (which sets `request`); connections and threads as given.
 * Throws when wrk is missing or prints no summary.
 */
export async function runWrk(
  url: string,
  script: string,
  opts: { seconds: number; connections?: number; threads?: number },
): Promise<LoadResult> {
  const file = `/tmp/hotvote-bench-${crypto.randomUUID()}.lua`
  await Bun.write(file, `${script}\n${DONE}`)
  const args = ['wrk', `-t${opts.threads ?? 2}`, `-c${opts.connections ?? 32}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', file, url]
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  await Bun.file(file).delete()
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '))
  if (!line) throw new Error(`wrk printed no summary: ${err || out}`)
  const s = JSON.parse(line.slice('WRK_JSON '.length)) as {
    requests: number
    duration_us: number
    p99_us: number
    errors: number
    non2xx: number
  }
  return { rps: s.requests / (s.duration_us / 1e6), p99Ms: s.p99_us / 1000, errors: s.errors, non2xx: s.non2xx, requests: s.requests }
}

/** A Lua table literal of strings. */
export const luaList = (items: string[]) => `{${items.map((s) => JSON.stringify(s)).join(',')}}`
