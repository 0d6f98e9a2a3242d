import { z } from 'zod';
import { FileActionQuery } from '../../../../shared/api/library';
import {
  Template,
  TemplateList,
  TemplateListQuery,
  TemplateSearchBody,
  TemplateSearchPage,
} from '../../../../shared/api/templates';
import type { Deps } from '../../../http/deps';
import { IdParam, orgRoute, type App } from '../../../http/routes';
import { getTemplate, listTemplates, searchTemplates, templateFile } from './templates.service';

const TemplateParams = z.object({ id: IdParam });

/** The template library (spec §7 "Templates" and search_pnp_template). */
export function registerTemplateRoutes(app: App, deps: Deps): void {
  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_templates',
      summary: 'The templates available to the organization',
      schema: { querystring: TemplateListQuery, response: { 200: TemplateList } },
    },
    async (ctx, { query }) => listTemplates(ctx, query),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_templates/:id',
      summary: 'One template',
      schema: { params: TemplateParams, response: { 200: Template } },
    },
    async (ctx, { params }) => getTemplate(ctx, params.id),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/o/:org/pnp_templates/:id/file',
      summary: "The template's document: view, download, or preview (as HTML)",
      schema: { params: TemplateParams, querystring: FileActionQuery },
    },
    async (ctx, { params, query }) => templateFile(ctx, params.id, query.action_name),
  );

  orgRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/api/o/:org/content_navigator_library/search_pnp_template',
      summary: 'Searches the templates: names (typo-tolerant), descriptions and the documents text',
      onlyReads: true,
      schema: { body: TemplateSearchBody, response: { 200: TemplateSearchPage } },
    },
    async (ctx, { body }) => {
      ctx.reply.code(200);
      return searchTemplates(ctx, body);
    },
  );
}
