/** Route /adm/db-test: the other address of the Database page (admin-back-office §2); it redirects to /adm/dbtest. */
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/adm/_panel/db-test')({
  beforeLoad: () => {
    throw redirect({ to: '/adm/dbtest', replace: true })
  },
})
