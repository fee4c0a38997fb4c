import { proxy } from 'valtio';

/** Whether the member list column is shown (desktop; it is always hidden under 640 px). */
export const memberPanel = proxy({ open: true });

export function toggleMemberPanel(): void {
  memberPanel.open = !memberPanel.open;
}
