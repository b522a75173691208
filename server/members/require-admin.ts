// Team management and the whole audit trail are an admin's (the embedded provider's admins;
// with an external provider, ADMIN_EMAIL's verified owner).
import type { AuthUser } from '../auth/user.ts'
import { AppError } from '../errors.ts'

export function requireAdmin(user: AuthUser): AuthUser {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an administrator may do this.')
  return user
}
