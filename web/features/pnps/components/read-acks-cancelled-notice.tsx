import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { readAckKeys, readAckStatusCount } from '../../read-acks/api/read-acks-api';

/**
 * Said in the Publish dialog of a revision: publishing a new version cancels the P&P's active read
 * acknowledgements (product rules: acknowledgements are not silently carried over to a version the
 * readers have not read). Nothing is shown while the count is on its way, nor when there is none.
 */
export function ReadAcksCancelledNotice({ orgId, pnpId }: { readonly orgId: string; readonly pnpId: number }) {
  const counts = useQuery({
    queryKey: readAckKeys.counts(orgId, pnpId),
    queryFn: () => readAckStatusCount(orgId, pnpId),
    staleTime: 0,
  });
  const active = counts.data?.active ?? 0;
  if (active === 0) return null;
  return (
    <Alert color="orange" variant="light" role="status">
      {active === 1
        ? 'This P&P has 1 active read acknowledgement. Publishing this version cancels it: ask the readers again for the new version.'
        : `This P&P has ${active} active read acknowledgements. Publishing this version cancels them: ask the readers again for the new version.`}
    </Alert>
  );
}
