import type { PolicyText } from './documents';
import { DEMO_USERS } from './demo-users';

/** Where a demo P&P stands when the seed is done: the story the seed plays through the workflow. */
export type DemoStory =
  | { kind: 'published' }
  /** Published, then revised and published again until it has this many versions. */
  | { kind: 'revised'; versions: 2 | 3 }
  /**
   * Never published: a first draft waiting in this stage; in Approving, at approval step `atStep`
   * (1 unless said), the steps before it approved.
   */
  | { kind: 'draft'; stage: 'Authoring' | 'Reviewing' | 'Approving' | 'Publishing'; atStep?: number }
  /** Published, with a revision draft waiting for its reviewers. */
  | { kind: 'revision' }
  | { kind: 'retired'; reason: string };

/** A demo user (by username) or one of the demo's user groups (by name). */
export type DemoSubject = { user: string } | { group: string };

/** One demo P&P: what its document says, where it lives, and what happened to it. */
export interface DemoPolicy {
  folder: string;
  title: string;
  format: 'docx' | 'pdf';
  description: string;
  purpose: string;
  /** The policy statements (a bulleted list). */
  policy: string[];
  /** The procedure (numbered steps). */
  procedure: string[];
  /** Who does what (a table). */
  responsibilities: Array<[role: string, duty: string]>;
  references?: string[];
  story: DemoStory;
  /** Forms and checklists attached to the P&P (rendered as small documents). */
  attachments?: string[];
  /** Titles of other demo P&Ps this one links to. */
  links?: string[];
  /**
   * Participants of its own instead of its binder's: the binder's people, but with these reviewers
   * and these approvers (one list per approval step).
   */
  participants?: { reviewers?: DemoSubject[]; approvalSteps?: DemoSubject[][] };
}

const GENERAL_REFERENCES = [
  'The Joint Commission, Comprehensive Accreditation Manual for Hospitals, current edition.',
  'Centers for Medicare and Medicaid Services, Conditions of Participation for Hospitals (42 CFR Part 482).',
];

/**
 * The whole document of a demo P&P: the sections every Demo Health policy has (purpose, scope,
 * policy, procedure, responsibilities, education, monitoring, references), so that each file is a
 * realistic multi-page policy with headings, lists and tables.
 */
export function policyDocument(p: DemoPolicy): PolicyText {
  return {
    title: p.title,
    sections: [
      { heading: 'Purpose', paragraphs: [p.purpose] },
      {
        heading: 'Scope',
        paragraphs: [
          'This policy applies to all employees, licensed independent practitioners, contracted staff, students and volunteers of Demo Health in every inpatient unit, outpatient clinic and support department, unless a department procedure approved by the policy owner states otherwise.',
        ],
      },
      {
        heading: 'Definitions',
        paragraphs: [
          'Staff: any person who works at Demo Health, paid or unpaid. Policy owner: the leader accountable for keeping this policy current. Department leader: the manager or director responsible for a unit or service.',
        ],
      },
      { heading: 'Policy', paragraphs: ['Demo Health requires that:'], bullets: p.policy },
      {
        heading: 'Procedure',
        paragraphs: [
          'Staff follow these steps. Deviations are documented with the reason and reported to the department leader.',
        ],
        steps: p.procedure,
      },
      {
        heading: 'Responsibilities',
        paragraphs: ['The following roles carry out this policy:'],
        table: { columns: ['Role', 'Responsibility'], rows: p.responsibilities.map(([role, duty]) => [role, duty]) },
      },
      {
        heading: 'Education and Competency',
        paragraphs: [
          'New staff complete education on this policy during orientation, before working without supervision. Staff repeat the education each year through the learning management system, and whenever this policy changes in a way that affects their practice.',
          'Department leaders keep a record of completion and competency validation for each member of their team, and address any gap within thirty days.',
        ],
      },
      {
        heading: 'Documentation and Monitoring',
        paragraphs: [
          'Compliance is documented in the electronic health record or on the forms named in this policy. The policy owner reviews compliance data at least quarterly and reports the results, with any action plan, to the Quality and Patient Safety Committee.',
          'Events in which this policy was not followed are reported through the incident reporting system. Reports are used to learn and improve, not to blame.',
        ],
      },
      {
        heading: 'Non-Compliance',
        paragraphs: [
          'Failure to follow this policy is addressed through the just culture process: human error is consoled, at-risk behaviour is coached, and reckless behaviour is managed through the corrective action policy.',
        ],
      },
      { heading: 'References', paragraphs: [], bullets: [...(p.references ?? []), ...GENERAL_REFERENCES] },
      {
        heading: 'Document Control',
        paragraphs: [
          'Approval and review of this policy are recorded in Tenet, the policy management system of Demo Health.',
        ],
        table: {
          columns: ['Item', 'Value'],
          rows: [
            ['Policy owner', 'Paul Owner'],
            ['Reviewed by', p.participants?.reviewers ? namesOf(p.participants.reviewers) : 'Rita Reviewer'],
            [
              'Approved by',
              p.participants?.approvalSteps
                ? p.participants.approvalSteps.map((step, i) => `${namesOf(step)} (step ${i + 1})`).join(', then ')
                : 'Alan Approver',
            ],
            ['Review cycle', 'Every year, or sooner when practice or regulation changes'],
          ],
        },
      },
    ],
  };
}

/** 'Rita Reviewer and Infection Control Committee': the people and groups, as the document names them. */
function namesOf(subjects: DemoSubject[]): string {
  const nameOf = (s: DemoSubject): string => {
    if ('group' in s) return s.group;
    const user = DEMO_USERS.find((u) => u.username === s.user);
    return user ? `${user.firstName} ${user.lastName}` : s.user;
  };
  return subjects.map(nameOf).join(' and ');
}

/** An attachment's document: a short form or checklist with a table to fill in. */
export function attachmentDocument(title: string, policyTitle: string): PolicyText {
  return {
    title,
    sections: [
      {
        heading: 'Instructions',
        paragraphs: [
          `Use this form with the ${policyTitle} policy. Complete every field, sign and date the form, and file it as the policy directs.`,
        ],
        bullets: [
          'Write legibly in black ink or complete the electronic version.',
          'Do not leave a field blank: write N/A where it does not apply.',
        ],
      },
      {
        heading: 'Record',
        paragraphs: [],
        table: {
          columns: ['Date and time', 'Patient or area', 'Completed by', 'Checked by'],
          rows: [
            ['', '', '', ''],
            ['', '', '', ''],
            ['', '', '', ''],
          ],
        },
      },
    ],
  };
}
