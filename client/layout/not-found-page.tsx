import { Link } from 'wouter'
import { ROUTES } from '../../shared/paths.ts'

export function NotFoundPage() {
  return (
    <section className="card narrow">
      <h1>404: not found</h1>
      <Link href={ROUTES.main} className="button">
        Go back
      </Link>
    </section>
  )
}
