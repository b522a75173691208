// The creative's address in the workbench's frame: index_url (mraid.js already first, as an
// SDK's web view has it) with what the host should know before the first script runs.
import type { HostProfileId } from '../../shared/mraid/host-profiles.ts'
import { HOST_PARAMS } from '../../shared/mraid/host-protocol.ts'
import type { DeviceGeometry } from './devices.ts'
import type { Placement } from './host-messages.ts'

export function creativeUrl(
  indexUrl: string,
  launch: { profileId: HostProfileId; placement: Placement; device: DeviceGeometry },
): string {
  const { placement, device } = launch
  const size = (s: { width: number; height: number }) => `${s.width}x${s.height}`
  const { top, right, bottom, left } = device.safeArea
  const query = new URLSearchParams({
    [HOST_PARAMS.profile]: launch.profileId,
    [HOST_PARAMS.placement]: placement,
    [HOST_PARAMS.screen]: size(device.screen),
    [HOST_PARAMS.max]: size(device.maxSize),
    [HOST_PARAMS.orientation]: device.orientation,
    [HOST_PARAMS.safeArea]: `${top},${right},${bottom},${left}`,
  })
  return `${indexUrl}?${query}`
}
