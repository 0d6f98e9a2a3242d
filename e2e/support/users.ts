/** The demo sign-ins seeded on a fresh database (README, issue 2). */
export interface DemoUser {
  readonly login: string;
  readonly password: string;
  readonly name: string;
}

export const DemoUsers = {
  staff: { login: 'staff', password: 'TenetStaff2026', name: 'Sam Staff' },
  admin: { login: 'ada.admin', password: 'TenetAdmin2026', name: 'Ada Admin' },
  policyOwner: { login: 'paul.owner', password: 'TenetOwner2026', name: 'Paul Owner' },
  binderOwner: { login: 'bea.binder', password: 'TenetBinder2026', name: 'Bea Binder' },
  reviewer: { login: 'rita.reviewer', password: 'TenetUser2026', name: 'Rita Reviewer' },
  approver: { login: 'alan.approver', password: 'TenetUser2026', name: 'Alan Approver' },
  nurse: { login: 'nora.nurse', password: 'TenetUser2026', name: 'Nora Nurse' },
} as const satisfies Record<string, DemoUser>;

export const DEMO_ORG_NAME = 'Demo Health';
export const DEMO_TENANT = 'demo';
