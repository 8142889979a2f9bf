/** Runs `run` with console.error silenced: for tests of failures the code logs on purpose. */
export async function quiet<T>(run: () => Promise<T>): Promise<T> {
  const original = console.error
  console.error = () => {}
  try {
    return await run()
  } finally {
    console.error = original
  }
}
