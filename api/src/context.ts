import type { Database } from 'bun:sqlite'
import type { ActivityTrail } from './auth/activity-trail'
import type { Config } from './config'
import type { FileStore } from './files/file-store'
import type { VariantQueue } from './files/variants'
import type { FileWorker } from './files/worker-client'
import type { Mailer } from './features/contact/mailer'
import type { Venue } from './shared/venue'

/** What every feature is built from. Tests make their own with a temp DATA_DIR. */
export interface AppContext {
  config: Config
  db: Database
  files: FileStore
  /** Makes the resized variants of uploaded images; the server starts it, tests await idle(). */
  variants: VariantQueue
  /** The child process that checks and decodes uploads (pictures, PDFs) and runs the demo seed's jobs, one at a time, started on demand; stop() it on shutdown. */
  worker: FileWorker
  /** The child process that makes picture copies (variants, share pictures) for visitors and the variant queue; stop() it on shutdown. */
  pictureWorker: FileWorker
  mailer: Mailer
  /** The current time; tests pin it so "upcoming" is predictable. */
  now: () => Date
  /** The resolved JWT signing secret (JWT_SECRET, or generated once into DATA_DIR/secrets/jwt.key; never in the database). */
  jwtSecret: string
  /** Where staff changes and logins are recorded; the activity feature provides it. */
  activity: ActivityTrail
  /** The venue's details as the database has them now (names, phone, address, third-party addresses); the venue feature provides it. */
  venue: () => Venue
}
