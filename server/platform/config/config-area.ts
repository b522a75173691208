// An area's settings (each area's config.ts): the variables it reads and how they become its
// settings on top of the core ones. server/parse-config.ts gathers every area.
import { z } from 'zod'
import type { CoreConfig } from './core.ts'

export interface ConfigArea<Shape extends z.ZodRawShape, Settings> {
  schema: z.ZodObject<Shape>
  read(values: z.output<z.ZodObject<Shape>>, core: CoreConfig): Settings
}

/** An area's variables (`{ NAME: parser }`) and how they become its settings. */
export function defineConfigArea<Shape extends z.ZodRawShape, Settings>(
  variables: Shape,
  read: (values: z.output<z.ZodObject<Shape>>, core: CoreConfig) => Settings,
): ConfigArea<Shape, Settings> {
  return { schema: z.object(variables), read }
}
