/** The first owner, made from ADMIN_USERNAME/ADMIN_PASSWORD at start-up, is held to the same password rules as every other staff member. */
import { expect, test } from 'bun:test'

test('the first owner from ADMIN_USERNAME/ADMIN_PASSWORD meets the password rules every other staff password meets', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { createContext } = await import('../src/app')
  const { loadConfig } = await import('../src/config')
  const dirs: string[] = []
  const start = (password: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-first-owner-'))
    dirs.push(dir)
    return createContext(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password, LOG_REQUESTS: 'false' }))
  }
  try {
    // A leaked password, and one containing the username: both were made the owner's password.
    await expect(start('password1234')).rejects.toThrow('common leaked')
    await expect(start('owner-is-my-name')).rejects.toThrow('must not contain the username')
    await expect(start('qwertyuiopasdfgh')).rejects.toThrow('easy to guess')
    await expect(start('LarkdaleHotel')).rejects.toThrow("venue's name")
    const ctx = await start('Sturdy-Keeper-Pass-93')
    expect((ctx.db.query('SELECT COUNT(*) AS n FROM admin_users').get() as { n: number }).n).toBe(1)
    ctx.db.close()
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
})
