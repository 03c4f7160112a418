/**
 * DropZone (public-visitor §2 Upload screen, §5): drag and drop, click to browse (several files), and pasting
 * an image from the clipboard anywhere on the page ('Image Pasted', or 'Invalid File' with the reason). The file input
 * itself stays in the tab order (visually hidden), so a keyboard user opens the file chooser with Enter or Space and
 * the zone shows a focus ring around it.
 */
import { ImagePlus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ACCEPTED_TYPES, MAX_VIDEO_BYTES, MB } from '@contract/media'
import { cn } from '@client/lib/cn'
import { toast } from '@client/lib/toast'

const ACCEPT = Object.entries(ACCEPTED_TYPES)
  .flatMap(([mime, exts]) => [mime, ...exts.map((e) => `.${e}`)])
  .join(',')

/** Props: onFiles receives the dropped, chosen or pasted files and returns the validation messages of refused ones. */
function DropZone({ onFiles }: { onFiles(files: File[]): string[] }) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'))
      if (!files.length) return
      e.preventDefault()
      const named = files.map((f) =>
        f.name && f.name !== 'image.png' ? f : new File([f], `pasted-${Date.now()}.${f.type.split('/')[1] ?? 'png'}`, { type: f.type }),
      )
      const refused = onFiles(named)
      if (refused.length) toast({ title: 'Invalid File', description: refused[0], variant: 'destructive' })
      else toast({ title: 'Image Pasted', description: 'Image from clipboard added to upload queue' })
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  }, [onFiles])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the zone is a pointer shortcut; keyboards reach the file input inside it
    // biome-ignore lint/a11y/useKeyWithClickEvents: the file input inside the zone is focusable and opens the chooser from the keyboard
    <div
      onDragOver={(e) => (e.preventDefault(), setDragging(true))}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        onFiles(Array.from(e.dataTransfer.files))
      }}
      onClick={() => input.current?.click()}
      className={cn(
        'cursor-pointer rounded-2xl border-2 border-dashed p-10 text-center transition focus-within:ring-2 focus-within:ring-rose-400',
        dragging ? 'border-rose-400 bg-rose-500/10' : 'border-zinc-700 bg-zinc-900/50 hover:border-zinc-500',
      )}
    >
      <ImagePlus aria-hidden className="mx-auto h-10 w-10 text-zinc-400" />
      <p className="mt-3 text-lg font-medium">Drag and drop photos or videos here</p>
      <p className="mt-1 text-sm text-zinc-400">
        or click to browse, or paste an image. JPEG, PNG, GIF, WebP up to 10 MB; MP4 up to {MAX_VIDEO_BYTES / MB} MB.
      </p>
      <label className="sr-only" htmlFor="upload-input">
        Choose files
      </label>
      <input
        id="upload-input"
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
    </div>
  )
}

export { DropZone }
