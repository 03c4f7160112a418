/** Route /adm/traffic-handlers (admin-back-office §2 Traffic Handlers). */
import { createFileRoute } from '@tanstack/react-router'
import { TrafficHandlers } from '@client/features/admin/config/components/traffic-handlers'

export const Route = createFileRoute('/adm/_panel/traffic-handlers')({ component: TrafficHandlers })
