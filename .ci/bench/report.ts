/** How the benchmark prints its figures: aligned tables, with each target and whether it is met. */

// Decimal units, as Vite prints them and as the targets are written.
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const ms = (value: number) => `${Math.round(value)} ms`
export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`
export const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** `leftAligned`: how many leading columns are text, read left-aligned; the rest are figures, right-aligned. */
export function table(title: string, header: string[], rows: string[][], notes: string[] = [], leftAligned = 1): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [``, title, line(header), rule, ...rows.map(line), ...notes.map((note) => `  ${note}`)].join('\n')
}

/** The middle value (for an even count, the mean of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
