import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { getNewPnp } from '../api/new-pnp';
import { pnpKeys } from '../api/pnp-keys';
import { CreatePnpWizard } from '../components/create-pnp-wizard';

/** orgs/{orgId}/pnps/new/{containerId}: create a P&P from a file. */
export function NewPnpPage() {
  const { orgId = '', containerId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: pnpKeys.newPnp(orgId, containerId),
    queryFn: () => getNewPnp(orgId, containerId),
  });
  const data = query.data;
  return (
    <Page title="New P&P" subtitle={data ? `In ${data.container.location}` : undefined}>
      {!data ? (
        <QueryStatus query={query} title="The binder or folder could not be loaded" />
      ) : !data.can_create ? (
        <Alert color="orange">You may not create P&Ps in {data.container.location}.</Alert>
      ) : (
        <CreatePnpWizard
          orgId={orgId}
          source={{ kind: 'file', containerId: data.container.id, location: data.container.location }}
          onCancel={() => void navigate(-1)}
        />
      )}
    </Page>
  );
}
