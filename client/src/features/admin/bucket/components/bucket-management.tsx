/**
 * BucketManagement (admin-back-office §2 Bucket Management, §4 Bucket, §5, §8): the storage overview (provider, total
 * files, total size, selected count), duplicate detection, and the file list with checkboxes, Select All (toggles
 * all), Refresh and Delete Selected (n). A delete reloads the list 1 second later. Errors: 'Failed to load bucket
 * files', 'Failed to delete files' (the server's text first).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/lib/toast'
import { adminErrorText } from '@client/features/admin/shell/api/admin-api'
import { formatSize } from '@client/features/admin/shell/format'
import { REFRESH_DELAY_MS, useLater } from '@client/features/admin/shell/hooks/use-later'
import { StatCards } from '@client/features/admin/shell/components/stat-cards'
import { BUCKET_FILES_KEY, deleteBucketFiles, listBucketFiles } from '../api/bucket-files'
import { BucketDuplicates } from './bucket-duplicates'
import { BucketFileList } from './bucket-file-list'

function BucketManagement() {
  const queryClient = useQueryClient()
  const later = useLater()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [scanVersion, setScanVersion] = useState(0)
  const list = useQuery({ queryKey: BUCKET_FILES_KEY, queryFn: listBucketFiles })
  const reload = () => void queryClient.invalidateQueries({ queryKey: BUCKET_FILES_KEY })
  const remove = useMutation({
    mutationFn: deleteBucketFiles,
    onSuccess: (r) => {
      toast({
        title: 'Files Deleted',
        description: r.errors.length ? `${r.message}: ${r.errors.join('; ')}` : r.message,
        variant: r.errors.length ? 'destructive' : 'default',
      })
      setSelected(new Set())
      setScanVersion((n) => n + 1)
      later(reload, REFRESH_DELAY_MS)
    },
    onError: (e) => toast({ title: 'Error', description: adminErrorText(e, 'Failed to delete files'), variant: 'destructive' }),
  })
  const files = list.data?.files ?? []
  const overview = [
    ['Provider', list.data?.provider ?? '—'],
    ['Total Files', files.length],
    ['Total Size', formatSize(files.reduce((n, f) => n + f.size, 0))],
    ['Selected', selected.size],
  ] as const
  const toggle = (key: string) => setSelected((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set(s).add(key)))
  const toggleAll = () =>
    setSelected(files.length > 0 && files.every((f) => selected.has(f.key)) ? new Set() : new Set(files.map((f) => f.key)))
  const deleteSelected = () => selected.size > 0 && remove.mutate([...selected])
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold">Bucket Management</h1>
      <StatCards items={overview} />
      <BucketDuplicates key={scanVersion} onSelect={setSelected} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={toggleAll} disabled={files.length === 0}>
          Select All
        </Button>
        <Button variant="secondary" onClick={reload} disabled={list.isFetching}>
          Refresh
        </Button>
        <Button variant="destructive" onClick={deleteSelected} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : `Delete Selected (${selected.size})`}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner className="h-10 w-10" label="Loading bucket files" />
      ) : list.isError ? (
        <p role="alert" className="text-red-400">
          {adminErrorText(list.error, 'Failed to load bucket files')}
        </p>
      ) : files.length === 0 ? (
        <p className="text-zinc-400">No files found in the bucket</p>
      ) : (
        <BucketFileList files={files} selected={selected} onToggle={toggle} />
      )}
    </div>
  )
}

export { BucketManagement }
