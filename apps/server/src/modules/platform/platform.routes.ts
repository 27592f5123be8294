import { PlatformSchema } from '@toolkit/contracts/platform.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import type { Api } from '../../lib/types.ts';
import { PlatformService } from './platform.service.ts';

export function platformRoutes(app: Api, deps: AppDeps): void {
  const platform = new PlatformService(deps.provider, deps.config.fleet.kind, deps.platform);

  app.get(
    '/platform',
    {
      schema: {
        tags: ['operations'],
        summary: 'The fleet platform and the actions it has (those it lacks, with one line why)',
        response: { 200: PlatformSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return Promise.resolve(platform.describe());
    },
  );
}
