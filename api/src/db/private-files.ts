import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'

/**
 * The data directory holds password hashes and visitors' messages: nobody but the server's own user
 * may read it, whatever umask the server was started with.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Every file and directory this process creates from now on (SQLite's -wal and -shm, uploads,
 * variants, the file worker's output) is private to its user: the worker child inherits the mask.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077)
}

/** Creates the directory (and missing parents) owner-only, and narrows one made by an older version. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  chmodSync(dir, PRIVATE_DIR_MODE)
}

/** Creates the file empty if it is missing, then makes it owner-only (an existing one keeps its content). */
export function makePrivateFile(file: string): void {
  if (!existsSync(file)) writeFileSync(file, '', { mode: PRIVATE_FILE_MODE, flag: 'a' })
  chmodSync(file, PRIVATE_FILE_MODE)
}

/** Narrows files an older version left readable by others; a missing one is skipped. */
export function narrowIfPresent(...files: string[]): void {
  for (const file of files) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE)
}
