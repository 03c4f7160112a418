/** The table `bun run bench` prints: one row per figure with value, baseline, ratio, goal and whether it is met. */

/** One figure: ratio is value / baseline where a baseline applies. */
export type Row = { figure: string; value: string; baseline: string; ratio?: number; goal: string; met: boolean }

/** Prints rows as an aligned text table on stdout. */
export function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [
    r.figure,
    r.value,
    r.baseline,
    r.ratio === undefined ? '' : r.ratio.toFixed(3),
    r.goal,
    r.met ? 'met' : 'NOT met',
  ])
  const header = ['figure', 'HotVote', 'baseline (same run)', 'ratio', 'goal', '']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c: string[]) => c.map((s, i) => s.padEnd(widths[i])).join(' | ')
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const c of cells) console.log(line(c))
}

/** The median of xs (the mean of the middle two when their number is even). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
