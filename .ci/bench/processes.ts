/**
 * Everything the benchmark starts (servers, load generators, Lighthouse) and every temp dir it makes,
 * tracked so they are gone when it ends — normally, on an error, or on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../api/test/server-process'

export { freePort }

/** Each running child with the signal that stops it cleanly. */
const children = new Map<ChildProcess, NodeJS.Signals>()
const dirs = new Set<string>()

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`))
  dirs.add(dir)
  return dir
}

export interface Started {
  child: ChildProcess
  pid: number
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>
  output(): string
}

/**
 * Spawns a process in its own process group, so stopping it also stops whatever it started (a
 * Chromium under Lighthouse, a worker under autocannon). Output is kept (the last 64 KB) for error
 * messages, or written to `logFile`.
 */
export interface StartOptions {
  env?: Record<string, string>
  cwd?: string
  logFile?: number
  /** SIGTERM lets the server finish its requests; Lighthouse needs SIGINT to close the Chromium it launched (detached by chrome-launcher). */
  stopSignal?: NodeJS.Signals
}

export function start(command: string, args: string[], options: StartOptions = {}): Started {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', options.logFile ?? 'pipe', options.logFile ?? 'pipe'],
  })
  if (child.pid === undefined) throw new Error(`could not start ${command}`)
  children.set(child, options.stopSignal ?? 'SIGTERM')
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child)
      resolve(code ?? signal ?? 'unknown')
    })
  })
  return { child, pid: child.pid, exited, output: () => output }
}

/** Runs a process to its end and returns its stdout; throws with its output when it fails. */
export async function run(command: string, args: string[], options: StartOptions & { timeoutMs?: number } = {}): Promise<string> {
  const started = start(command, args, options)
  let stdout = ''
  started.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const timer = options.timeoutMs ? setTimeout(() => void stop(started), options.timeoutMs) : undefined
  const code = await started.exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} ended with ${code}:\n${started.output().slice(-4000)}`)
  return stdout
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // already gone
  }
}

/** Stops one process with its stop signal, then kills its whole group if it is still there after 10 s. */
export async function stop(started: Started): Promise<void> {
  const signal = children.get(started.child)
  if (!signal) return
  signalGroup(started.pid, signal)
  const timer = setTimeout(() => signalGroup(started.pid, 'SIGKILL'), 10_000)
  await started.exited
  clearTimeout(timer)
}

let cleanedUp = false
/** Synchronous, so it also works from an 'exit' handler. */
export function cleanUp(): void {
  if (cleanedUp) return
  cleanedUp = true
  for (const [child, signal] of children) if (child.pid) signalGroup(child.pid, signal)
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

process.on('exit', cleanUp)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping what it started`)
    cleanUp()
    process.exit(130)
  })
}
