import { proxy } from 'valtio';

/**
 * Whether the member list is shown: a column on desktop (open by default), a sheet over the
 * channel on phones (closed by default, opened from the header).
 */
export const memberPanel = proxy({ open: true, mobileOpen: false });

export function toggleMemberPanel(mobile = false): void {
  if (mobile) memberPanel.mobileOpen = !memberPanel.mobileOpen;
  else memberPanel.open = !memberPanel.open;
}

export function closeMobileMemberPanel(): void {
  memberPanel.mobileOpen = false;
}
