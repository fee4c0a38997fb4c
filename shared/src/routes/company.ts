import { routePaths } from './paths';
import { Caller, route } from './route';
import { CompanyInfoWithEngineSchema } from './schemas';

export const companyRoutes = {
  info: route({
    ...routePaths.company.info,
    caller: Caller.Anyone,
    tag: 'home',
    summary: 'Company name, description, keywords, feature flags and what the drawing engine offers',
    answer: CompanyInfoWithEngineSchema,
  }),
} as const;
