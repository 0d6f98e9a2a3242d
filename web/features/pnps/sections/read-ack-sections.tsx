import { Paper, Stack, Title } from '@mantine/core';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { SubNav } from '../components/sub-nav';

function ReadAckPanel({
  heading,
  items,
  nav = true,
}: {
  readonly heading: string;
  readonly items: string;
  readonly nav?: boolean;
}) {
  return (
    <Stack gap="sm">
      {nav && <SubNav group="readack" label="Read acknowledgements" />}
      <Title order={2} size="h4">
        {heading}
      </Title>
      <Paper withBorder radius="md">
        <NoRecordsPanel items={items} message="Read acknowledgements of this P&P are listed here." hint={false} />
      </Paper>
    </Stack>
  );
}

/** active_readack, closed_readack, cancelled_readack, readack_new, readack_edit: filled by read acknowledgements later. */
export const ActiveReadAckSection = () => (
  <ReadAckPanel heading="Active Read Acknowledgements" items="Read Acknowledgements" />
);
export const ClosedReadAckSection = () => (
  <ReadAckPanel heading="Closed Read Acknowledgements" items="Read Acknowledgements" />
);
export const CancelledReadAckSection = () => (
  <ReadAckPanel heading="Cancelled Read Acknowledgements" items="Read Acknowledgements" />
);
export const NewReadAckSection = () => (
  <ReadAckPanel heading="New Read Acknowledgement" items="Read Acknowledgements" nav={false} />
);
export const EditReadAckSection = () => (
  <ReadAckPanel heading="Edit Read Acknowledgement" items="Read Acknowledgements" nav={false} />
);
