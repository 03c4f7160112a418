/**
 * BucketFileList (admin-back-office §2 Bucket Management): one row per object with a checkbox, its key (a button that toggles the row, its full text in a tooltip), size
 * (B/KB/MB), modified date (local) and an extension badge. Long lists are virtualized (rows 64 px).
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { Badge } from '@client/components/ui/badge'
import { Checkbox } from '@client/components/ui/checkbox'
import { Tooltip } from '@client/components/ui/tooltip'
import { formatDateTime, formatSize } from '@client/features/admin/shell/format'
import type { BucketFile } from '@contract/admin/bucket'

const ROW_PX = 64

/** The extension of a key in capitals ('FILE' when it has none). */
export const extensionOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1].toUpperCase() ?? 'FILE'

/** Props: the files, the selected keys and the toggle of one key. */
export type BucketFileListProps = { files: BucketFile[]; selected: Set<string>; onToggle(key: string): void }

function BucketFileList({ files, selected, onToggle }: BucketFileListProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer({ count: files.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 10 })
  return (
    <div ref={scroller} className="max-h-[70vh] overflow-auto rounded-2xl border border-zinc-800">
      <ul aria-label="Bucket files" className="relative" style={{ height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((row) => {
          const f = files[row.index]
          return (
            <li
              key={f.key}
              className="absolute left-0 right-0 flex items-center gap-3 border-b border-zinc-800 px-4"
              style={{ top: row.start, height: ROW_PX }}
            >
              <Checkbox aria-label={f.key} checked={selected.has(f.key)} onCheckedChange={() => onToggle(f.key)} />
              <div className="min-w-0 flex-1">
                <Tooltip content={f.key}>
                  <button type="button" onClick={() => onToggle(f.key)} className="block max-w-full truncate text-left text-sm font-medium">
                    {f.key}
                  </button>
                </Tooltip>
                <p className="text-xs text-zinc-400">
                  {formatSize(f.size)} · Modified {formatDateTime(f.lastModified)}
                </p>
              </div>
              <Badge>{extensionOf(f.key)}</Badge>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export { BucketFileList }
