/** Organisation status (spec §3). */
export const OrgStatus = { Disabled: 0, Enabled: 1, Locked: 2 } as const;
export type OrgStatus = (typeof OrgStatus)[keyof typeof OrgStatus];
export const ORG_STATUS_LABELS: Record<OrgStatus, string> = { 0: 'Disabled', 1: 'Active', 2: 'Locked' };

/** Sign-in source of an organisation (spec §1). */
export const IdpProvider = { Azure: 'AD', HStream: 'HSTREAM', SamlSso: 'SAML_SSO', HStreamHlc: 'HSTREAM_HLC' } as const;
export type IdpProvider = (typeof IdpProvider)[keyof typeof IdpProvider];
export const IDP_PROVIDER_LABELS: Record<IdpProvider, string> = {
  AD: 'Azure',
  HSTREAM: 'hStream',
  SAML_SSO: 'SAML SSO',
  HSTREAM_HLC: 'hStream - HLC',
};

/** Org user status (spec §3). */
export const UserStatus = { Active: 1, Inactive: 2, Deleted: -1 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Where an org user was created from (spec §3: Azure=1, Policy Manager=0). */
export const UserCreatedFrom = { PolicyManager: 0, Azure: 1 } as const;
export type UserCreatedFrom = (typeof UserCreatedFrom)[keyof typeof UserCreatedFrom];

/** Group source: 'System' marks system groups (spec §3). */
export const SYSTEM_GROUP_SOURCE = 'System';

/** Container item types (spec §3). */
export const ItemType = { Binder: 1, Folder: 2, Pnp: 3 } as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

/** P&P status (spec §4). */
export const PnpStatus = { Draft: 1, Published: 2, Retired: 3 } as const;
export type PnpStatus = (typeof PnpStatus)[keyof typeof PnpStatus];
export const PNP_STATUS_LABELS: Record<PnpStatus, string> = { 1: 'DRAFT', 2: 'ACTIVE', 3: 'RETIRED' };

/** Document version status and its colour (spec §4). */
export const VersionStatus = { Draft: 1, Active: 2, Archived: 3 } as const;
export type VersionStatus = (typeof VersionStatus)[keyof typeof VersionStatus];
export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = { 1: 'Draft', 2: 'Active', 3: 'Archived' };
export const VERSION_STATUS_COLOURS: Record<VersionStatus, string> = {
  1: 'light orange',
  2: 'light green',
  3: 'light grey',
};

/** Draft workflow stage (spec §4). */
export const DraftStage = { Authoring: 2, Reviewing: 3, Approving: 4, Publishing: 5 } as const;
export type DraftStage = (typeof DraftStage)[keyof typeof DraftStage];
export const DRAFT_STAGE_LABELS: Record<DraftStage, string> = {
  2: 'Authoring',
  3: 'Reviewing',
  4: 'Approving',
  5: 'Publishing',
};

/** Read acknowledgement status and reader completion (spec §3). */
export const ReadAckStatus = { Active: 1, Closed: 2, Canceled: 3 } as const;
export type ReadAckStatus = (typeof ReadAckStatus)[keyof typeof ReadAckStatus];
export const ReadAckCompletion = { Incomplete: 0, Complete: 1 } as const;

/** Task kinds (spec §3); PendingRevision is shown as 'Start Review or Extend'. */
export const TaskKind = {
  PendingRevision: 'PendingRevision',
  Author: 'Author',
  Review: 'Review',
  Approve: 'Approve',
  Publish: 'Publish',
  Acknowledge: 'Acknowledge',
} as const;
export type TaskKind = (typeof TaskKind)[keyof typeof TaskKind];
export const TASK_KIND_LABELS: Record<TaskKind, string> = {
  PendingRevision: 'Start Review or Extend',
  Author: 'Author',
  Review: 'Review',
  Approve: 'Approve',
  Publish: 'Publish',
  Acknowledge: 'Acknowledge',
};
export const TaskStatus = { Open: 1, Completed: 2, Closed: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Notification status (values not shown in the spec; ours: unread 1, read 2). */
export const NotificationStatus = { Unread: 1, Read: 2 } as const;

/** System message location (spec §3). */
export const SystemMessageLocation = { Login: 'Login', Application: 'Application' } as const;
export type SystemMessageLocation = (typeof SystemMessageLocation)[keyof typeof SystemMessageLocation];

/** Template sources (spec §3). */
export const TEMPLATE_SOURCES = ['HealthStream Library', 'Joint Commission'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];
