// What a side panel of the workbench receives. A panel is one component in one file of this
// folder, listed once in side-panels.ts.
import type { Package } from '../../../shared/api.ts'
import type { InspectionReport } from '../../../shared/inspector/types.ts'

export interface WorkbenchPanelProps {
  pkg: Package
  inspection: InspectionReport | null
}

export interface WorkbenchPanel {
  /** Stable id: the section's DOM id and React key. */
  id: string
  title: string
  Panel: (props: WorkbenchPanelProps) => React.ReactNode
}
