/** The sections of the document screen, loaded as one chunk when the screen opens. */
export { AdditionalInfoSection } from './additional-info-section';
export { AttachmentsSection } from './attachments-section';
export { ChangeLogSection } from './change-log-section';
export { GeneralInfoSection } from './general-info-section';
export { HistorySection } from './history-section';
export { LinkedPnpsEditSection } from './linked-pnps-edit-section';
export { LinkedPnpsSection } from './linked-pnps-section';
export { PnpAssignmentsSection } from './pnp-assignments-section';
export { PnpGeneralInfoSection } from './pnp-general-info-section';
export { PreviewSection } from './preview-section';
export {
  ActiveReadAckSection,
  CancelledReadAckSection,
  ClosedReadAckSection,
  EditReadAckSection,
  NewReadAckSection,
} from './read-ack-sections';
export { SummarySection } from './summary-section';
export { VersionAssignmentsSection } from './version-assignments-section';
export { VersionsSection } from './versions-section';
