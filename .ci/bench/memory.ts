/**
 * Resident memory of the server as a deployment sees it: the server process and every process it
 * started (an image worker, say), summed, read from /proc while something runs.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : undefined
  } catch {
    return undefined // the process ended between listing and reading
  }
}

/** The parent of a process, from /proc/<pid>/stat (after the command name, which may hold spaces and brackets). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

/** `root` and all its descendants alive now. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const pid = Number(name)
    const parent = parentOf(pid)
    if (parent === undefined) continue
    const siblings = children.get(parent)
    if (siblings) siblings.push(pid)
    else children.set(parent, [pid])
  }
  const tree: number[] = []
  const pending = [root]
  while (pending.length) {
    const pid = pending.pop()!
    tree.push(pid)
    pending.push(...(children.get(pid) ?? []))
  }
  return tree
}

/** The summed RSS of `root`'s process tree now, and how many processes it has. */
export function treeRss(root: number): { bytes: number; processes: number } {
  let bytes = 0
  let processes = 0
  for (const pid of processTree(root)) {
    const rss = statusField(pid, 'VmRSS')
    if (rss === undefined) continue
    bytes += rss
    processes++
  }
  return { bytes, processes }
}

export interface PeakRss {
  /** The highest summed RSS of the tree seen, or the root's own high-water mark if that is higher. */
  peakBytes: number
  /** The most processes the tree had at one sample (1: the server alone). */
  peakProcesses: number
  /** The root process's own high-water mark over the run (VmHWM after a reset), when the kernel allowed the reset. */
  rootHighWaterBytes: number | null
  samples: number
}

/**
 * The peak memory of `root`'s process tree while `during` runs: the summed RSS sampled every
 * `intervalMs`, and the root's kernel high-water mark (VmHWM), reset just before by writing 5 to
 * clear_refs so start-up does not count — it catches a spike of the root between two samples.
 */
export async function peakTreeRss<T>(root: number, intervalMs: number, during: () => Promise<T>): Promise<{ result: T } & PeakRss> {
  let highWaterMarkReset = true
  try {
    writeFileSync(`/proc/${root}/clear_refs`, '5')
  } catch {
    highWaterMarkReset = false
  }
  let samples = 0
  let peakBytes = 0
  let peakProcesses = 0
  const sample = () => {
    const now = treeRss(root)
    samples++
    peakBytes = Math.max(peakBytes, now.bytes)
    peakProcesses = Math.max(peakProcesses, now.processes)
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  try {
    const result = await during()
    sample()
    const rootHighWaterBytes = highWaterMarkReset ? (statusField(root, 'VmHWM') ?? null) : null
    return { result, peakBytes: Math.max(peakBytes, rootHighWaterBytes ?? 0), peakProcesses, rootHighWaterBytes, samples }
  } finally {
    clearInterval(timer)
  }
}
