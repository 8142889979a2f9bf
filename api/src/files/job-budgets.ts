/**
 * What one file worker job may take (worker-client.ts enforces it): a time, and the worker's resident
 * memory while it runs. A hostile PDF is small on the wire: 3 MB of 20,000 pages sharing one content
 * stream kept pdf.js busy for over twelve minutes, 600 KB inflating to 600 MB took the worker past
 * 1.3 GB. Over a budget the job is refused with this error and its worker killed.
 */
import { readFileSync } from 'node:fs'

export interface FileJobBudgets {
  /** Seconds one job may run in the worker, from when it is sent (its wait for a slot not counted). */
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
