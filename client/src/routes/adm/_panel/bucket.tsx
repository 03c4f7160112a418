/** Route /adm/bucket (admin-back-office §2 Bucket Management). */
import { createFileRoute } from '@tanstack/react-router'
import { BucketManagement } from '@client/features/admin/bucket/components/bucket-management'

export const Route = createFileRoute('/adm/_panel/bucket')({ component: BucketManagement })
