/**
 * The processor time `work` took, in ms: what a runaway parse or an uncached scan blows up, and what a
 * machine busy with other work (the browser tests beside these) does not stretch as it stretches the
 * clock. For checks that something is cheap, not that it answers in time.
 */
export async function processorMs(work: () => unknown): Promise<number> {
  const before = process.cpuUsage()
  await work()
  const { user, system } = process.cpuUsage(before)
  return (user + system) / 1000
}
