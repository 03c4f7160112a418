/**
 * Output for people (aligned tables, colours only on a TTY) and for scripts (--json: one JSON document on stdout).
 * Text from the server (a DMCA filing, a file name, an error message) is printed only through terminalText (or the
 * JSON escaping of emit), so it can never carry an escape sequence that retitles, clears or rewrites the terminal.
 */
import Table from 'cli-table3'
import { createColors } from 'picocolors'
import { stripVTControlCharacters } from 'node:util'

// Colours only when the stream is a terminal (picocolors alone also turns them on under CI=true).
/** Colours for stdout. */
export const pc = createColors(Boolean(process.stdout.isTTY))
/** Colours for stderr. */
export const errColors = createColors(Boolean(process.stderr.isTTY))

/** C0 controls but tab and newline, DEL and the C1 controls (U+0080–U+009F; a terminal may read U+009B as CSI). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/** text without terminal escape sequences (CSI, OSC ...) and without any other control character but tab and newline. */
export function terminalText(text: string): string {
  return stripVTControlCharacters(text).replace(CONTROL_CHARACTERS, '')
}

/** Prints value as JSON when json is set (control characters as \u escapes, C1 and DEL too), otherwise runs human(). */
export function emit(json: boolean, value: unknown, human: () => void): void {
  if (json)
    process.stdout.write(
      `${JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`,
    )
  else human()
}

/** Writes text and a newline to stream (default stdout), without control characters. */
export function printLine(text: string, stream: NodeJS.WriteStream = process.stdout): void {
  stream.write(`${terminalText(text)}\n`)
}

/** An aligned table of rows under head. */
export function printTable(head: string[], rows: (string | number | boolean | null)[][]): void {
  const table = new Table({ head: head.map((h) => pc.bold(h)), style: { head: [], border: [] } })
  table.push(...rows.map((r) => r.map((c) => (c === null ? '' : terminalText(String(c))))))
  process.stdout.write(`${table.toString()}\n`)
}

/** key: value lines. */
export function printFields(fields: Record<string, unknown>): void {
  const width = Math.max(...Object.keys(fields).map((k) => k.length))
  for (const [k, v] of Object.entries(fields))
    process.stdout.write(`${pc.dim(k.padEnd(width))}  ${terminalText(typeof v === 'object' ? JSON.stringify(v) : String(v))}\n`)
}
