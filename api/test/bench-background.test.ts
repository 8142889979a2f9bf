/**
 * The bench measures the read load only once the start's background work is done (the memory target
 * is about a server at rest): it waits until the server has had no child process for a few seconds.
 * Real processes here: a shell whose child lives a second, then the shell alone; and one whose child
 * outlives the wait.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { waitForBackgroundWork } from '../../.ci/bench/server'

const started: ReturnType<typeof Bun.spawn>[] = []
afterEach(() => {
  for (const proc of started.splice(0)) proc.kill('SIGKILL')
})

function spawnShell(script: string) {
  const proc = Bun.spawn(['sh', '-c', script], { stdout: 'ignore', stderr: 'ignore' })
  started.push(proc)
  return proc
}

describe('waiting for the background work of a start', () => {
  test('waits while a child process runs, then for a quiet spell with none', async () => {
    // The child (like the file worker) lives about a second; then the shell becomes a lone `sleep`.
    const proc = spawnShell('sleep 1 & wait; exec sleep 30')
    await Bun.sleep(100)
    const waited = await waitForBackgroundWork(proc.pid, 20_000)
    expect(waited.state).toBe('quiet')
    // About 1 s of child, then the 3 s quiet spell it asks for.
    expect(waited.waitedMs).toBeGreaterThanOrEqual(3_500)
  }, 30_000)

  test('says it timed out when a child is still there', async () => {
    const proc = spawnShell('sleep 30 & wait')
    await Bun.sleep(100)
    const waited = await waitForBackgroundWork(proc.pid, 1_500)
    expect(waited.state).toBe('timeout')
  }, 30_000)
})
