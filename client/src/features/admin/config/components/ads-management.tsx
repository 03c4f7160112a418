/** AdsManagement (admin-back-office §2 Advertisement Management): the Ad Zone 1 card and the Skip Button Configuration card. */
import { AdZoneForm } from './ad-zone-form'
import { SkipButtonForm } from './skip-button-form'

function AdsManagement() {
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Advertisement Management</h1>
      <AdZoneForm />
      <SkipButtonForm />
    </div>
  )
}

export { AdsManagement }
