/**
 * What the server asks the file worker (worker-main.ts, a child process) to do, and what it answers.
 * Everything that decodes or encodes a picture or parses a PDF runs there, so the libraries that do it
 * (sharp and libvips, pdf-lib, pdf.js: about 180 MB resident together) never load into the server.
 * Files go by path: the server never holds a decoded picture, and nothing large crosses the channel.
 */
import type { MenuSection } from '../shared/menu-text'
import type { ContentType } from '../shared/rules/uploads'

export type UploadedImageType = Exclude<ContentType, 'application/pdf'>

/** Formats of the copies made of an original: srcset variants (AVIF, WebP) and the share picture (JPEG). */
export type DerivedFormat = 'avif' | 'webp' | 'jpeg'

/** What is wrong with an uploaded PDF; the server words the message (file-store.ts). */
export type PdfProblem = 'encrypted' | 'unreadable' | 'no-pages' | 'too-many-pages' | 'oversized-stream'

export interface FileJobs {
  /** An uploaded image decoded and encoded again (metadata dropped, upright) into `output`. Throws if it is no image or too many pixels. */
  image: {
    input: { input: string; output: string; type: UploadedImageType }
    output: { width: number; height: number; animated: boolean; hash: string; bytes: number }
  }
  /** An uploaded PDF parsed whole: its problem, if any, and its hash. */
  pdf: { input: { input: string }; output: { problem: PdfProblem | null; hash: string; bytes: number } }
  /** A resized copy of an original written to `output` at exactly width × height. */
  derived: { input: { input: string; output: string; format: DerivedFormat; width: number; height: number }; output: { bytes: number } }
  /** One app icon (or the favicon) drawn from a logo into `output` as a PNG (files/app-icons.ts). */
  appIcon: {
    input: { logo: string; output: string; size: number; purpose: 'any' | 'maskable' | 'apple' | 'favicon'; background: string }
    output: { bytes: number }
  }
  /** The text of a stored menu PDF; null when pdf.js cannot open it at all. */
  menuText: { input: { path: string }; output: MenuSection[] | null }
  /** A demo landscape picture (JPEG), drawn from SVG. */
  demoImage: { input: { caption: string; palette: DemoPalette; width: number; height: number; seed: number }; output: Uint8Array }
  /** A demo menu PDF. */
  demoMenu: { input: { title: string; sections: { heading: string; items: [string, string][] }[] }; output: Uint8Array }
}

/** Colours for a demo scene: sky, far hills, near hills, accent (sun or lamp light). */
export interface DemoPalette {
  sky: string
  far: string
  near: string
  accent: string
}

export type FileJobKind = keyof FileJobs
export type FileJobInput<K extends FileJobKind> = FileJobs[K]['input']
export type FileJobOutput<K extends FileJobKind> = FileJobs[K]['output']

export interface FileJobRequest<K extends FileJobKind = FileJobKind> {
  id: number
  kind: K
  input: FileJobInput<K>
}

export type FileJobReply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string }
