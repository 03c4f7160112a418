/** Route /adm/ads (admin-back-office §2 Advertisement Management). */
import { createFileRoute } from '@tanstack/react-router'
import { AdsManagement } from '@client/features/admin/config/components/ads-management'

export const Route = createFileRoute('/adm/_panel/ads')({ component: AdsManagement })
