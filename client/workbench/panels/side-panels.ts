// The panels beside the workbench's console, in the order they are shown. To add one: write
// panels/<name>-panel.tsx exporting a component that takes WorkbenchPanelProps, and list it here.
import { HistoryPanel } from './history-panel.tsx'
import { InspectionPanel } from './inspection-panel.tsx'
import type { WorkbenchPanel } from './panel.ts'
import { ReviewPanel } from './review-panel.tsx'
import { TargetsPanel } from './targets-panel.tsx'

export const SIDE_PANELS: readonly WorkbenchPanel[] = [
  { id: 'inspection', title: 'Inspection', Panel: InspectionPanel },
  { id: 'targets', title: 'Delivery targets', Panel: TargetsPanel },
  { id: 'review', title: 'Review', Panel: ReviewPanel },
  { id: 'history', title: 'History', Panel: HistoryPanel },
]
