/** The wrk request scripts of `bun run bench` and `bun bench/profile.ts`. */
import { luaList } from './wrk'
import type { BenchVisitor } from './seed'

/** Lua for GET path(visitor) round-robin over visitors, each with its own sid cookie. */
export const perVisitorGet = (visitors: BenchVisitor[], path: (v: BenchVisitor) => string, origin: string) => `
local paths = ${luaList(visitors.map(path))}
local sids = ${luaList(visitors.map((v) => `sid=${v.sid}`))}
local i = 0
request = function()
  i = i + 1
  local k = (i % #paths) + 1
  return wrk.format("GET", paths[k], { ["Cookie"] = sids[k], ["Origin"] = "${origin}" })
end`

/**
 * Lua for POST /api/votes on distinct (visitor, item) pairs: thread t of n takes pair indexes t, t+n, t+2n, ...;
 * with `parts` wrk processes at once (one per server instance), process `part` takes every parts-th share of them.
 */
export const distinctVotes = (visitors: BenchVisitor[], media: number, origin: string, part = 0, parts = 1) => `
local ids = ${luaList(visitors.map((v) => String(v.id)))}
local sids = ${luaList(visitors.map((v) => `sid=${v.sid}`))}
local threads = 0
setup = function(thread) thread:set("tid", threads); threads = threads + 1 end
init = function() n = 0; step = ${2 * parts} end
request = function()
  local pair = n * step + ${2 * part} + tid
  n = n + 1
  local k = (pair % #ids) + 1
  local item = (math.floor(pair / #ids) % ${media}) + 1
  local body = '{"userId":' .. ids[k] .. ',"mediaId":' .. item .. ',"isHot":' .. (pair % 3 == 0 and 'false' or 'true') .. '}'
  return wrk.format("POST", "/api/votes", { ["Cookie"] = sids[k], ["Content-Type"] = "application/json", ["Origin"] = "${origin}" }, body)
end`

/** Lua for GET /api/vote-multiplier-config, a public read with no cookie. */
export const configRead = 'request = function() return wrk.format("GET", "/api/vote-multiplier-config") end'

/**
 * script with every connection waiting ms after each answer before its next request (wrk's `delay` hook), so
 * c connections offer at most c * 1000 / ms requests per second whatever the server's speed: a load well below
 * saturation, at which CPU per request measures the code rather than processes queueing for the cores.
 */
export const paced = (script: string, ms: number) => `${script}
delay = function() return ${ms} end`
