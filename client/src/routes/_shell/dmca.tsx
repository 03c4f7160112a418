/** Route /dmca: the copyright takedown form; no login needed (public-visitor §2 DMCA screen). */
import { createFileRoute } from '@tanstack/react-router'
import { DmcaForm } from '@client/features/dmca/components/dmca-form'

export const Route = createFileRoute('/_shell/dmca')({ component: DmcaForm })
