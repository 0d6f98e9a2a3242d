export { EvidenceBundleButton, type EvidenceBundleButtonProps } from './evidence-bundle-button';
