/** Output for people (aligned tables, colours only on a TTY) and for scripts (--json: one JSON document on stdout). */
import Table from 'cli-table3'
import { createColors } from 'picocolors'

// Colours only when the stream is a terminal (picocolors alone also turns them on under CI=true).
/** Colours for stdout. */
export const pc = createColors(Boolean(process.stdout.isTTY))
/** Colours for stderr. */
export const errColors = createColors(Boolean(process.stderr.isTTY))

/** Prints value as JSON when json is set, otherwise runs human(). */
export function emit(json: boolean, value: unknown, human: () => void): void {
  if (json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
  else human()
}

/** An aligned table of rows under head. */
export function printTable(head: string[], rows: (string | number | boolean | null)[][]): void {
  const table = new Table({ head: head.map((h) => pc.bold(h)), style: { head: [], border: [] } })
  table.push(...rows.map((r) => r.map((c) => (c === null ? '' : String(c)))))
  process.stdout.write(`${table.toString()}\n`)
}

/** key: value lines. */
export function printFields(fields: Record<string, unknown>): void {
  const width = Math.max(...Object.keys(fields).map((k) => k.length))
  for (const [k, v] of Object.entries(fields)) process.stdout.write(`${pc.dim(k.padEnd(width))}  ${typeof v === 'object' ? JSON.stringify(v) : String(v)}\n`)
}

