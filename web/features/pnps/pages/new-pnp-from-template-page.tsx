import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { QueryStatus } from '../../../components/query-status';
import { getNewWithTemplate } from '../api/new-pnp';
import { pnpKeys } from '../api/pnp-keys';
import { CreatePnpWizard } from '../components/create-pnp-wizard';

/** orgs/{orgId}/template_library/{templateId}/new_pnp_from_template: create a P&P from a template. */
export function NewPnpFromTemplatePage() {
  const { orgId = '', templateId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: pnpKeys.newWithTemplate(orgId, templateId),
    queryFn: () => getNewWithTemplate(orgId, templateId),
  });
  const data = query.data;
  return (
    <Page title="New P&P from Template" subtitle={data ? `From ${data.template.name}` : undefined}>
      {!data ? (
        <QueryStatus query={query} title="The template could not be loaded" />
      ) : (
        <CreatePnpWizard
          orgId={orgId}
          source={{ kind: 'template', template: data.template, name: data.pnp.name, description: data.pnp.description }}
          onCancel={() => void navigate(-1)}
        />
      )}
    </Page>
  );
}
