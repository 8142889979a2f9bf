import { useRef, useState } from 'react'
import { FileField } from './shell/formParts'
import { IMAGE_UNREADABLE_MESSAGE, type StaffUploadRule } from '../../../api/src/shared/rules/uploads'

/** A file as a data URL (what upload-event's image_base64 takes, and what a preview shows). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unexpected reader result')))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.onabort = () => reject(new Error('read aborted'))
    reader.readAsDataURL(file)
  })
}

/**
 * The image picked in a form's file input: checked against the form's upload rule (types, size)
 * before anything is sent, then read once for its preview. `report` gets the problem to show, or
 * null when the pick is fine. Both event forms use it, so they check and say the same things.
 */
export function usePickedImage(rule: StaffUploadRule, report: (problem: string | null) => void) {
  const [picked, setPicked] = useState<{ file: File; preview: string | null } | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const clear = () => {
    setPicked(null)
    if (input.current) input.current.value = ''
  }

  const pick = async (file: File | null) => {
    if (!file) return clear()
    const problem = !(rule.types as readonly string[]).includes(file.type) ? rule.typeMessage : file.size > rule.maxBytes ? rule.tooLargeMessage : null
    if (problem) {
      clear()
      return report(problem)
    }
    report(null)
    setPicked({ file, preview: null })
    try {
      const preview = await readAsDataUrl(file)
      // A slow read must not show the preview of a file staff have already replaced.
      setPicked((now) => (now?.file === file ? { file, preview } : now))
    } catch (error) {
      console.error('Reading the picked image failed:', error)
      clear()
      report(IMAGE_UNREADABLE_MESSAGE)
    }
  }

  return { file: picked?.file ?? null, preview: picked?.preview ?? null, input, pick, clear, rule }
}

export type PickedImage = ReturnType<typeof usePickedImage>

/** The file field of a picked image: its rule's types and hint, the file checked as it is picked. */
export function PickedImageField({ picked, ...field }: { label: string; id: string; name: string; required?: boolean; picked: PickedImage }) {
  return (
    <FileField {...field} accept={picked.rule.accept} hint={picked.rule.hint} inputRef={picked.input} onFiles={(files) => void picked.pick(files[0] ?? null)} />
  )
}
