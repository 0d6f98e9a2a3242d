export { registerStaffAuditRoutes } from './staff-audit.routes';
