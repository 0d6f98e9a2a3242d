/** The demo sign-ins: printed by `npm start` and listed in the README. Fixed so both stay true. */
export const DEMO_STAFF = {
  role: 'Provider staff (permissions 2 3 4 5)',
  username: 'staff',
  password: 'TenetStaff2026',
  name: 'Sam Staff',
  email: 'staff@tenet.example.com',
};

export interface DemoUser {
  role: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin?: boolean;
  isPolicyOwner?: boolean;
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
