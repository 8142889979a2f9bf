import type { Database } from 'bun:sqlite'
import type { Config } from './config'
import type { FileStore } from './files/file-store'
import type { Mailer } from './features/contact/mailer'

/** What every feature is built from. Tests make their own with a temp DATA_DIR. */
export interface AppContext {
  config: Config
  db: Database
  files: FileStore
  mailer: Mailer
  /** The current time; tests pin it so "upcoming" is predictable. */
  now: () => Date
  /** The resolved JWT signing secret (from env, or generated once and kept in the database). */
  jwtSecret: string
}
