/**
 * How each of the tree checks in .ci runs from the command line: it proves itself on its probe first (a
 * check that would miss a breach must not pass), then checks the repository, prints what it found and
 * exits 1 when anything was.
 */
import { join } from 'node:path'

export interface TreeCheck<T> {
  /** Undefined when the check finds exactly what it should in its probe; otherwise why not. */
  selfCheck(): string | undefined
  find(root: string): T[]
  /** One finding as a line of the report. */
  describe(found: T): string
  /** The last line: how many were found, or what holds when none was. */
  summary(count: number): string
}

export function runTreeCheck<T>(check: TreeCheck<T>): never {
  const broken = check.selfCheck()
  if (broken) {
    console.error(broken)
    process.exit(1)
  }
  const found = check.find(join(import.meta.dir, '..'))
  for (const item of found) console.error(check.describe(item))
  console.log(check.summary(found.length))
  process.exit(found.length ? 1 : 0)
}
