/** The demo sign-ins: printed by `npm start` and listed in the README. Fixed so both stay true. */
export const DEMO_STAFF = {
  role: 'Provider staff (permissions 2 3 4 5)',
  username: 'staff',
  password: 'TenetStaff2026',
  name: 'Sam Staff',
  email: 'staff@tenet.example.com',
};

/** A person of the demo organisation. */
export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin?: boolean;
  isPolicyOwner?: boolean;
}

/** A demo sign-in: a person with the role the README gives them and their password. */
export interface DemoUser extends DemoPerson {
  role: string;
  password: string;
}

export const DEMO_ORG = { name: 'Demo Health', tenant: 'demo' };

export const DEMO_USERS: DemoUser[] = [
  {
    role: 'Organization admin',
    username: 'ada.admin',
    password: 'TenetAdmin2026',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada.admin@demohealth.example.com',
    isAdmin: true,
  },
  {
    role: 'Policy owner',
    username: 'paul.owner',
    password: 'TenetOwner2026',
    firstName: 'Paul',
    lastName: 'Owner',
    email: 'paul.owner@demohealth.example.com',
    isPolicyOwner: true,
  },
  {
    role: 'Binder owner',
    username: 'bea.binder',
    password: 'TenetBinder2026',
    firstName: 'Bea',
    lastName: 'Binder',
    email: 'bea.binder@demohealth.example.com',
  },
  {
    role: 'User (reviewer)',
    username: 'rita.reviewer',
    password: 'TenetUser2026',
    firstName: 'Rita',
    lastName: 'Reviewer',
    email: 'rita.reviewer@demohealth.example.com',
  },
  {
    role: 'User (approver)',
    username: 'alan.approver',
    password: 'TenetUser2026',
    firstName: 'Alan',
    lastName: 'Approver',
    email: 'alan.approver@demohealth.example.com',
  },
  {
    role: 'User (reader)',
    username: 'nora.nurse',
    password: 'TenetUser2026',
    firstName: 'Nora',
    lastName: 'Nurse',
    email: 'nora.nurse@demohealth.example.com',
  },
];

/**
 * The compliance officer: she came with the users' import and the org admin handed her the
 * compliance binder (demo-containers.ts), so the binders are not all one person's. Not a sign-in:
 * her password is one nobody knows (the README's sign-ins are the personas with work waiting).
 */
export const DEMO_COMPLIANCE_OFFICER: DemoPerson = {
  username: 'cora.compliance',
  firstName: 'Cora',
  lastName: 'Compliance',
  email: 'cora.compliance@demohealth.example.com',
};

/**
 * A nurse who has left Demo Health: she came with the users' import, took part in the work, and the
 * org admin deactivated her (demo-leaver.ts). Not a sign-in: an inactive user cannot sign in, so
 * she is in no list of sign-ins and her password is one nobody knows.
 */
export const DEMO_LEAVER: DemoPerson = {
  username: 'lena.leaver',
  firstName: 'Lena',
  lastName: 'Leaver',
  email: 'lena.leaver@demohealth.example.com',
};
