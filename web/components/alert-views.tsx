import { Alert, Notification, Portal, Stack, type MantineColor } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { ALERT_DISMISS_MS, OVERLAY_Z_INDEX, TOAST_DISMISS_MS } from '../../shared/domain/limits';
import { alerts, toasts, useVisibleAlerts, type AlertItem, type AlertType } from '../lib/alerts';

const COLOUR: Record<AlertType, MantineColor> = { success: 'green', info: 'tenet', warning: 'yellow', danger: 'red' };
const ICON: Record<AlertType, ReactNode> = {
  success: <IconCircleCheck size={20} aria-hidden />,
  info: <IconInfoCircle size={20} aria-hidden />,
  warning: <IconAlertTriangle size={20} aria-hidden />,
  danger: <IconAlertCircle size={20} aria-hidden />,
};

/** Auto-dismisses once shown, unless sticky (spec §9: alerts after 10 s, toasts after 5 s). */
function useAutoDismiss(item: AlertItem, delay: number, dismiss: (id: number) => void): void {
  useEffect(() => {
    if (item.sticky) return undefined;
    const timer = window.setTimeout(() => dismiss(item.id), delay);
    return () => window.clearTimeout(timer);
  }, [item.id, item.sticky, delay, dismiss]);
}

function AlertView({ item }: { readonly item: AlertItem }) {
  useAutoDismiss(item, ALERT_DISMISS_MS, alerts.dismiss);
  return (
    <Alert
      color={COLOUR[item.type]}
      icon={ICON[item.type]}
      title={item.title}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => alerts.dismiss(item.id)}
      role={item.type === 'danger' ? 'alert' : 'status'}
      data-alert-type={item.type}
      variant="light"
      styles={{ message: { color: 'var(--mantine-color-gray-9)' } }}
    >
      {item.message}
    </Alert>
  );
}

/** The in-page alerts of the current route, above the page content. */
export function AlertsArea() {
  const items = useVisibleAlerts('alert');
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="alerts-area">
      {items.map((item) => (
        <AlertView key={item.id} item={item} />
      ))}
    </Stack>
  );
}

function ToastView({ item }: { readonly item: AlertItem }) {
  useAutoDismiss(item, TOAST_DISMISS_MS, toasts.dismiss);
  return (
    <Notification
      color={COLOUR[item.type]}
      icon={ICON[item.type]}
      title={item.title}
      onClose={() => toasts.dismiss(item.id)}
      closeButtonProps={{ 'aria-label': 'Dismiss notification' }}
      role={item.type === 'danger' ? 'alert' : 'status'}
      data-testid="toast"
      data-alert-type={item.type}
      withBorder
      radius="md"
      style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
    >
      {item.message}
    </Notification>
  );
}

/** Floating toasts, top right, above everything but modals' own dropdowns. */
export function ToastHost() {
  const items = useVisibleAlerts('toast');
  return (
    <Portal>
      <Stack
        gap="xs"
        style={{
          position: 'fixed',
          top: 72,
          right: 16,
          width: 'min(380px, calc(100vw - 32px))',
          zIndex: OVERLAY_Z_INDEX + 10,
        }}
        aria-live="polite"
      >
        {items.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </Stack>
    </Portal>
  );
}
