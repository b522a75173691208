// Team management and the whole audit trail are an admin's (the embedded provider's admins;
// with an external provider, ADMIN_EMAIL's verified owner).

import { AppError } from '../../platform/errors.ts'
import type { AuthUser } from '../access/user.ts'

export const ONLY_ADMINS = 'Only an administrator may do this.'

export function requireAdmin(user: AuthUser): AuthUser {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', ONLY_ADMINS)
  return user
}
