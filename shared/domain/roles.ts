/** Object roles on a container or a P&P (spec §3: owner 1 .. audience 5). */
export const ObjectRole = {
  Owner: 1,
  Author: 2,
  Reviewer: 3,
  Approver: 4,
  Audience: 5,
} as const;
export type ObjectRole = (typeof ObjectRole)[keyof typeof ObjectRole];

export const OBJECT_ROLE_IDS = [1, 2, 3, 4, 5] as const;

export const OBJECT_ROLE_NAMES: Record<ObjectRole, string> = {
  1: 'Owner',
  2: 'Author',
  3: 'Reviewer',
  4: 'Approver',
  5: 'Audience',
};

/** Maximum approval steps (spec §9); steps 2..10 are the additional steps and all map to role 4. */
export const MAX_APPROVAL_STEPS = 10;
export const APPROVAL_STEPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Participant keys of a container as the spec names them (approvers = step 1, approversStep2..10). */
export const approverStepKey = (step: number): string => (step === 1 ? 'approvers' : `approversStep${step}`);

/** Provider-staff permission numbers (spec §6). */
export const StaffPermission = {
  UserManagement: 2,
  OrgManagement: 3,
  LoginAs: 4,
  DeveloperTools: 5,
} as const;
export type StaffPermission = (typeof StaffPermission)[keyof typeof StaffPermission];

/** Parses the space-separated staff permission string (spec §5 "Staff permission parse"). */
export function parseStaffPermissions(hstm: string | null | undefined): number[] {
  if (!hstm) return [];
  return hstm
    .split(' ')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
