export { ApprovalTurnaroundPage } from './approval-turnaround-page';
