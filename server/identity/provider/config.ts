// The embedded identity provider's first user.

import { defineConfigArea } from '../../platform/config/config-area.ts'
import { env } from '../../platform/config/env.ts'
import { MIN_PASSWORD_LENGTH } from './passwords.ts'

export const adminConfig = defineConfigArea(
  {
    ADMIN_EMAIL: env.optionalEmail(),
    ADMIN_PASSWORD: env.optionalString(MIN_PASSWORD_LENGTH),
  },
  (e) => ({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }),
)
