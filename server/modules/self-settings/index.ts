export { registerSelfSettingsRoutes } from './self-settings.routes';
