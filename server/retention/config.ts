// How long what is deleted or replaced stays restorable (server/retention/).
import { defineConfigArea, env } from '../config/env.ts'

export const retentionConfig = defineConfigArea(
  { DELETE_UNDO_SECONDS: env.intWithDefault(10, 1, 24 * 60 * 60) },
  (e) => ({
    /** A deleted package can be restored (Undo) for this long, then it is removed for good. */
    deleteUndoMs: e.DELETE_UNDO_SECONDS * 1000,
  }),
)
