/**
 * What one file worker job may take (worker-client.ts enforces it): a time, and the worker's resident
 * memory while it runs. A hostile PDF is small on the wire: 3 MB of 20,000 pages sharing one content
 * stream kept pdf.js busy for over twelve minutes, 600 KB inflating to 600 MB took the worker past
 * 1.3 GB. Over a budget the job is refused with this error and its worker killed.
 */
import { readFileSync } from 'node:fs'

export interface FileJobBudgets {
  /** Seconds of processor time one job may use in the worker, from when it is sent (its wait for a slot not counted); three times it by the clock at most. */
  jobSeconds: number
  /** Megabytes the worker may hold resident while it has a job. */
  memoryMb: number
}

export type Budget = 'time' | 'memory'

/** A job went over one of its budgets: its worker was killed. `limit` is in seconds (time) or megabytes (memory). */
export class FileJobBudgetError extends Error {
  constructor(
    readonly budget: Budget,
    readonly limit: number,
  ) {
    super(budget === 'time' ? `The file job took longer than ${limit} s.` : `The file job needed more than ${limit} MB of memory.`)
  }
}

/** A process's resident memory in bytes (Linux's /proc), or null where that cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? null : Number(kb) * 1024
  } catch {
    return null
  }
}

/**
 * The processor time a process has used, in seconds (Linux's /proc: user and system time, in clock
 * ticks of 1/100 s), or null where that cannot be read. A job's time budget is counted in it, not by
 * the clock: on a busy machine the same file must not pass one time and fail the next.
 */
export function processorSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}
