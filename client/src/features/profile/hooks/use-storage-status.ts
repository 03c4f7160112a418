/** useStorageStatus: the origin's storage estimate and persistence for the profile's session card. */
import { useEffect, useState } from 'react'
import { storageStatus, type StorageStatus } from '@client/lib/persistent-storage'

/** Answers the StorageStatus once read (undefined before, or when the browser refuses the estimate). Read once per mount. */
export function useStorageStatus(): StorageStatus | undefined {
  const [status, setStatus] = useState<StorageStatus>()
  useEffect(() => {
    let live = true
    storageStatus().then(
      (next) => live && setStatus(next),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return status
}
