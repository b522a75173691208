// The inspector as the upload path uses it (shared/inspector), injectable for tests.
import type { InspectionReport, InspectOptions } from '../../../shared/inspector/inspect.ts'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'

export type Inspect = (source: ByteSource, options: InspectOptions) => Promise<InspectionReport>
